import type { DatabaseSync } from 'node:sqlite';
import { selectLive, selectNextScheduled, selectPreview } from './selectVersion.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';
import type { PromotionVersion } from './promotionVersion.ts';

export type { PromotionVersion };

export interface VersionStore {
  /** The version shoppers get at `at`: latest validFrom <= at among versions WITHOUT an A/B target. */
  liveAt(site: string, name: string, at: Date): PromotionVersion | undefined;
  /** For the staff preview: a version targeting exactly `target` with validFrom <= at wins (latest such); else liveAt. */
  previewAt(site: string, name: string, at: Date, target?: ForcedGroup): PromotionVersion | undefined;
  /** Newest first. */
  list(site: string, name: string): PromotionVersion[];
  /** Validated content only (the caller validates); returns the stored version. */
  store(input: {
    site: string;
    name: string;
    contentJSON: string;
    validFrom: Date;
    abTarget?: ForcedGroup;
    storedBy: string;
  }): PromotionVersion;
  /** The earliest untargeted validFrom strictly after `after`, per site (for the scheduler); undefined when none. */
  nextScheduled(site: string, name: string, after: Date): PromotionVersion | undefined;
  /** Called after every successful store() (the publisher rebuilds / reschedules). Returns an unsubscribe function. */
  onStored(listener: (version: PromotionVersion) => void): () => void;
}

interface VersionRow extends VersionRowWithoutContent {
  content_json: string;
}
interface VersionRowWithoutContent {
  site: string;
  name: string;
  version: number;
  valid_from: string;
  ab_test: string | null;
  ab_group: string | null;
  stored_at: string;
  stored_by: string;
}

type VersionWithoutContent = Omit<PromotionVersion, 'contentJSON'>;

function withoutContent(row: VersionRowWithoutContent): VersionWithoutContent {
  return {
    version: row.version,
    site: row.site,
    name: row.name,
    validFrom: row.valid_from,
    ...(row.ab_test !== null && row.ab_group !== null ? { abTarget: { test: row.ab_test, group: row.ab_group } } : {}),
    storedAt: row.stored_at,
    storedBy: row.stored_by,
  };
}

const fromRow = (row: VersionRow): PromotionVersion => ({ ...withoutContent(row), contentJSON: row.content_json });

/** One store per database, so every part of the server (routes, publisher, preview) shares its listeners. */
const stores = new WeakMap<DatabaseSync, VersionStore>();

/** The promotion versions kept in `promotion_versions` (see docs/calls.md#promotion-versions). */
export function versionStore(db: DatabaseSync): VersionStore {
  const existing = stores.get(db);
  if (existing) return existing;

  const select = db.prepare('SELECT * FROM promotion_versions WHERE site = ? AND name = ? ORDER BY version DESC');
  // Selection reads every version's dates but only the chosen version's content.
  const selectCandidates = db.prepare(
    'SELECT site, name, version, valid_from, ab_test, ab_group, stored_at, stored_by FROM promotion_versions WHERE site = ? AND name = ?',
  );
  const selectContent = db.prepare(
    'SELECT content_json FROM promotion_versions WHERE site = ? AND name = ? AND version = ?',
  );
  // One statement, so the next number is taken and used atomically.
  const insert = db.prepare(
    `INSERT INTO promotion_versions (site, name, version, content_json, valid_from, ab_test, ab_group, stored_at, stored_by)
     SELECT :site, :name, COALESCE(MAX(version), 0) + 1, :content, :validFrom, :abTest, :abGroup, :storedAt, :storedBy
     FROM promotion_versions WHERE site = :site AND name = :name
     RETURNING *`,
  );
  const listeners = new Set<(version: PromotionVersion) => void>();
  const list = (site: string, name: string) => (select.all(site, name) as unknown as VersionRow[]).map(fromRow);
  const candidates = (site: string, name: string) =>
    (selectCandidates.all(site, name) as unknown as VersionRowWithoutContent[]).map(withoutContent);
  const withContent = (chosen: VersionWithoutContent | undefined): PromotionVersion | undefined => {
    if (!chosen) return undefined;
    const row = selectContent.get(chosen.site, chosen.name, chosen.version) as { content_json: string };
    return { ...chosen, contentJSON: row.content_json };
  };

  const store: VersionStore = {
    liveAt: (site, name, at) => withContent(selectLive(candidates(site, name), at)),
    previewAt: (site, name, at, target) => withContent(selectPreview(candidates(site, name), at, target)),
    list,
    nextScheduled: (site, name, after) => withContent(selectNextScheduled(candidates(site, name), after)),
    store(input) {
      const row = insert.get({
        site: input.site,
        name: input.name,
        content: input.contentJSON,
        validFrom: input.validFrom.toISOString(),
        abTest: input.abTarget?.test ?? null,
        abGroup: input.abTarget?.group ?? null,
        storedAt: new Date().toISOString(),
        storedBy: input.storedBy,
      }) as unknown as VersionRow;
      const version = fromRow(row);
      for (const listener of listeners) {
        try {
          listener(version);
        } catch (error) {
          // The version is stored either way; a failing listener must not turn that into an error for the caller.
          console.error('promotion version listener failed:', error);
        }
      }
      return version;
    },
    onStored(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  stores.set(db, store);
  return store;
}
