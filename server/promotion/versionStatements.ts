import { sql, type Kysely } from 'kysely';
import { onPostgres, rowsOf, rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import type { PromotionVersion } from './promotionVersion.ts';

/** A row of `promotion_versions`, as both engines answer it. */
export type VersionRow = SharedTables['promotion_versions'];

/** What a version is stored from: its fields, `validFrom` as an instant; the store numbers and dates it. */
export type VersionInput = Pick<PromotionVersion, 'site' | 'name' | 'contentJSON' | 'abTarget' | 'storedBy'> & {
  validFrom: Date;
};

/** The key of one shop's promotion (all its versions), for sets and maps. */
export const promotionKey = (version: Pick<PromotionVersion, 'site' | 'name'>) =>
  `${version.site}\u0000${version.name}`;

/** The key of the PostgreSQL advisory lock held while seeding, so two instances starting together seed once. */
const SEED_LOCK_KEY = 280_002;

/** The first half of the advisory lock held while a shop's promotion takes its next version number. */
const NUMBERING_LOCK_KEY = 280_003;

/** A stored row as the services read it. */
export function versionOf(row: VersionRow): PromotionVersion {
  return {
    version: Number(row.version),
    site: row.site,
    name: row.name,
    contentJSON: row.content_json,
    validFrom: row.valid_from,
    ...(row.ab_test !== null && row.ab_group !== null ? { abTarget: { test: row.ab_test, group: row.ab_group } } : {}),
    storedAt: row.stored_at,
    storedBy: row.stored_by,
  };
}

/** Every stored version, with its content: what an instance loads at start. */
export function* allVersions(db: Kysely<SharedTables>): StatementSteps<VersionRow[]> {
  return yield* rowsOf(db.selectFrom('promotion_versions').selectAll());
}

/** The keys of every stored version: what an instance compares with the versions it knows. */
export function* versionKeys(
  db: Kysely<SharedTables>,
): StatementSteps<Pick<VersionRow, 'site' | 'name' | 'version'>[]> {
  return yield* rowsOf(db.selectFrom('promotion_versions').select(['site', 'name', 'version']));
}

/** One stored version, with its content. */
export function* versionByKey(
  db: Kysely<SharedTables>,
  key: Pick<VersionRow, 'site' | 'name' | 'version'>,
): StatementSteps<VersionRow | undefined> {
  const rows = yield* rowsOf(
    db
      .selectFrom('promotion_versions')
      .selectAll()
      .where('site', '=', key.site)
      .where('name', '=', key.name)
      .where('version', '=', key.version),
  );
  return rows[0];
}

/**
 * Stores a version under the next number of its shop and promotion, in one statement. On PostgreSQL two instances
 * storing at once would read the same highest number: the body first takes an advisory lock on the shop and
 * promotion, held until its transaction ends, so they number one after the other (on SQLite the write lock does).
 */
export function* insertVersion(db: Kysely<SharedTables>, input: VersionInput): StatementSteps<VersionRow> {
  if (onPostgres(db))
    yield sql`SELECT pg_advisory_xact_lock(${NUMBERING_LOCK_KEY}, hashtext(${`${input.site}/${input.name}`}))`.compile(
      db,
    );
  const rows = yield* rowsOfSql(
    db,
    sql<VersionRow>`INSERT INTO promotion_versions
        (site, name, version, content_json, valid_from, ab_test, ab_group, stored_at, stored_by)
      SELECT ${input.site}, ${input.name}, COALESCE(MAX(version), 0) + 1, ${input.contentJSON},
        ${input.validFrom.toISOString()}, ${input.abTarget?.test ?? null}, ${input.abTarget?.group ?? null},
        ${new Date().toISOString()}, ${input.storedBy}
      FROM promotion_versions WHERE site = ${input.site} AND name = ${input.name}
      RETURNING *`,
  );
  return rows[0]!;
}

/**
 * Stores the inputs of every shop and promotion that has no version yet, in one transaction: on PostgreSQL under an
 * advisory lock, on SQLite under the write lock, so instances starting together store them once.
 */
export function* insertWhereNone(
  db: Kysely<SharedTables>,
  inputs: readonly VersionInput[],
): StatementSteps<VersionRow[]> {
  if (onPostgres(db)) yield sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.compile(db);
  const present = new Set(
    (yield* rowsOf(db.selectFrom('promotion_versions').select(['site', 'name']).distinct())).map(promotionKey),
  );
  const stored: VersionRow[] = [];
  for (const input of inputs) {
    if (present.has(promotionKey(input))) continue;
    stored.push(yield* insertVersion(db, input));
  }
  return stored;
}
