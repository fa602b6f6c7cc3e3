import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { periodicTask } from '../scheduler/periodicTask.ts';
import { selectLive, selectNextScheduled, selectPreview } from './selectVersion.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';
import type { PromotionVersion } from './promotionVersion.ts';
import {
  allVersions,
  insertVersion,
  insertWhereNone,
  promotionKey,
  versionByKey,
  versionKeys,
  versionOf,
  type VersionInput,
  type VersionRow,
} from './versionStatements.ts';

export type { PromotionVersion, VersionInput };

/** How often an instance reads the versions stored through other instances (docs/constants.md#timings). */
export const VERSION_REFRESH_MS = 2_000;

/**
 * The promotion versions of the shared database (docs/calls.md#promotion-versions). Reads answer from the versions
 * this instance holds, which `ready()` loads and a refresh every `VERSION_REFRESH_MS` keeps up with the versions
 * stored through other instances; a version stored here is held at once.
 */
export interface VersionStore {
  /** The version shoppers get at `at`: latest validFrom <= at among versions WITHOUT an A/B target. */
  liveAt(site: string, name: string, at: Date): PromotionVersion | undefined;
  /** For the staff preview: a version targeting exactly `target` with validFrom <= at wins (latest such); else liveAt. */
  previewAt(site: string, name: string, at: Date, target?: ForcedGroup): PromotionVersion | undefined;
  /** Newest first. */
  list(site: string, name: string): PromotionVersion[];
  /** The earliest untargeted validFrom strictly after `after`, per site (for the scheduler); undefined when none. */
  nextScheduled(site: string, name: string, after: Date): PromotionVersion | undefined;
  /** Validated content only (the caller validates); answers the stored version. */
  store(input: VersionInput): Promise<PromotionVersion>;
  /** Stores the inputs of each shop and promotion that has no version yet (the seed), once across instances. */
  storeWhereNone(inputs: readonly VersionInput[]): Promise<PromotionVersion[]>;
  /**
   * Called for every version new to this instance: stored here, or through another instance and found by the
   * refresh (the publisher rebuilds or reschedules). Returns an unsubscribe function.
   */
  onStored(listener: (version: PromotionVersion) => void): () => void;
  /** Resolves once the versions are loaded; a load that failed is tried again on the next call. */
  ready(): Promise<void>;
  /** Reads the versions stored through other instances now (what the refresh does); answers how many were new. */
  refresh(): Promise<number>;
  /** Stops the refresh (started by `ready()`); resolves once a refresh under way is done. */
  close(): Promise<void>;
}

/** One store per shared database, so every part of the server (routes, publisher, preview) shares its listeners. */
const stores = new WeakMap<SharedDatabase, VersionStore>();

/** The version store of a shared database; `refreshMs` only for tests. */
export function versionStoreOf(shared: SharedDatabase, refreshMs = VERSION_REFRESH_MS): VersionStore {
  const existing = stores.get(shared);
  if (existing) return existing;

  /** Each shop and promotion's versions, newest first. */
  const held = new Map<string, PromotionVersion[]>();
  const listeners = new Set<(version: PromotionVersion) => void>();
  let loaded: Promise<void> | undefined;
  // Reads the versions stored through the other instances (docs/architecture.md#background-work); refresh() logs its
  // own failures once, so the task's rounds never fail.
  const refresher = periodicTask({
    name: 'The refresh of footer versions',
    intervalMs: refreshMs,
    atStart: false,
    round: () => store.refresh(),
  });
  let refreshing: Promise<number> | undefined;
  let refreshFailing = false;
  let isLoaded = false;
  /** Closed: a load still under way then starts no refresh (a server stopped during its start). */
  let closed = false;

  const versionsOf = (site: string, name: string): PromotionVersion[] => {
    if (!isLoaded) throw new Error('The promotion versions are not loaded yet: await ready() first');
    return held.get(promotionKey({ site, name })) ?? [];
  };

  /** Holds a version; false when it was held already (stored here and found by a refresh too). */
  function hold(version: PromotionVersion): boolean {
    const versions = held.get(promotionKey(version)) ?? [];
    if (versions.some((known) => known.version === version.version)) return false;
    held.set(
      promotionKey(version),
      [...versions, version].sort((a, b) => b.version - a.version),
    );
    return true;
  }

  function announce(version: PromotionVersion) {
    for (const listener of listeners) {
      try {
        listener(version);
      } catch (error) {
        // The version is stored either way; a failing listener must not turn that into an error for the caller.
        console.error('promotion version listener failed:', error);
      }
    }
  }

  /** Holds and announces the rows not held yet, in the order they were stored; answers them. */
  function took(rows: readonly VersionRow[]): PromotionVersion[] {
    const fresh = rows.map(versionOf).filter(hold);
    fresh.sort((a, b) => a.storedAt.localeCompare(b.storedAt) || a.version - b.version);
    for (const version of fresh) announce(version);
    return fresh;
  }

  async function readNew(): Promise<number> {
    const keys = await shared.run(versionKeys);
    const unknown = keys.filter(
      (key) => !(held.get(promotionKey(key)) ?? []).some((known) => known.version === Number(key.version)),
    );
    const rows: VersionRow[] = [];
    for (const key of unknown) {
      const row = await shared.run((db) => versionByKey(db, key));
      if (row) rows.push(row);
    }
    return took(rows).length;
  }

  const store: VersionStore = {
    liveAt: (site, name, at) => selectLive(versionsOf(site, name), at),
    previewAt: (site, name, at, target) => selectPreview(versionsOf(site, name), at, target),
    list: (site, name) => [...versionsOf(site, name)],
    nextScheduled: (site, name, after) => selectNextScheduled(versionsOf(site, name), after),
    async store(input) {
      await store.ready();
      const row = await shared.atomically((db) => insertVersion(db, input));
      took([row]);
      return versionOf(row);
    },
    async storeWhereNone(inputs) {
      await store.ready();
      const stored = took(await shared.atomically((db) => insertWhereNone(db, inputs)));
      // What another instance starting at the same moment stored meanwhile (it held the seed lock first) is held
      // now, not at the next refresh: this instance's publisher starts from it.
      await readNew();
      return stored;
    },
    onStored(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ready() {
      loaded ??= shared
        .ready()
        .then(() => shared.run(allVersions))
        .then(
          (rows) => {
            for (const row of rows) hold(versionOf(row));
            isLoaded = true;
            if (!closed) refresher.start();
          },
          (error: unknown) => {
            loaded = undefined;
            throw error;
          },
        );
      return loaded;
    },
    refresh() {
      refreshing ??= readNew()
        .then(
          (count) => {
            if (refreshFailing) console.log('[promotion] the versions of other instances are read again');
            refreshFailing = false;
            return count;
          },
          (error: unknown) => {
            // The versions held stay served; the next refresh tries again.
            if (!refreshFailing)
              console.error(`[promotion] the versions of other instances cannot be read: ${(error as Error).message}`);
            refreshFailing = true;
            return 0;
          },
        )
        .finally(() => {
          refreshing = undefined;
        });
      return refreshing;
    },
    close() {
      closed = true;
      return refresher.stop();
    },
  };
  stores.set(shared, store);
  return store;
}
