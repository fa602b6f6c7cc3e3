import { sql, type Kysely } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { erasedAddressOf } from './erasedAddresses.ts';
import { suppressionKey } from './suppressionKey.ts';

export { suppressionKey } from './suppressionKey.ts';

/** Why an address can be on a shop's suppression list (docs/newsletter.md#suppression). */
export const suppressionReasons = ['hard_bounce', 'soft_bounces', 'complaint'] as const;
/** Why an address is on a shop's suppression list. */
export type SuppressionReason = (typeof suppressionReasons)[number];

/**
 * The suppression list, per shop (docs/newsletter.md#suppression), written once for both engines: hard bounces and
 * complaints suppress at once, soft bounces once `softBounceLimit` came in a row. A complaint is never replaced by a
 * bounce, and only bounces are lifted (by a confirmed sign-up). Each runs inside the caller's transaction.
 */
export const suppressionStatements = {
  /**
   * Why the address is suppressed in the shop, or undefined when it is not: under the address, or under its keyed hash
   * once it was erased (docs/newsletter.md#what-stays-after-erasure). A complaint counts before a bounce.
   */
  *reasonFor(db: Kysely<SharedTables>, site: string, address: string): StatementSteps<SuppressionReason | undefined> {
    const keys = yield* keysOf(db, address);
    const rows = yield* rowsOfSql(
      db,
      sql<{ reason: SuppressionReason }>`SELECT reason FROM suppressions WHERE site = ${site}
        AND address IN (${sql.join(keys)}) ORDER BY CASE WHEN reason = 'complaint' THEN 0 ELSE 1 END`,
    );
    return rows[0]?.reason;
  },
  /** Puts the address on the shop's list (a complaint replaces a bounce, never the other way round). */
  *suppress(
    db: Kysely<SharedTables>,
    site: string,
    address: string,
    reason: SuppressionReason,
    jobId: number | null,
    now: Date,
  ): StatementSteps<void> {
    yield sql`
      INSERT INTO suppressions (site, address, reason, since, job_id)
      VALUES (${site}, ${suppressionKey(address)}, ${reason}, ${now.toISOString()}, ${jobId})
      ON CONFLICT (site, address) DO UPDATE SET reason = excluded.reason, since = excluded.since, job_id = excluded.job_id
      WHERE suppressions.reason <> 'complaint' AND excluded.reason = 'complaint'`.compile(db);
  },
  /** Counts a soft bounce; suppresses the address once `limit` came in a row. Answers whether it is now suppressed. */
  *softBounce(
    db: Kysely<SharedTables>,
    site: string,
    address: string,
    jobId: number | null,
    limit: number,
    now: Date,
  ): StatementSteps<boolean> {
    const [row] = yield* rowsOfSql(
      db,
      sql<{ in_a_row: number }>`
        INSERT INTO soft_bounces (site, address, in_a_row, last_at)
        VALUES (${site}, ${suppressionKey(address)}, 1, ${now.toISOString()})
        ON CONFLICT (site, address) DO UPDATE SET in_a_row = soft_bounces.in_a_row + 1, last_at = excluded.last_at
        RETURNING in_a_row`,
    );
    if (row!.in_a_row < limit) return false;
    yield* suppressionStatements.suppress(db, site, address, 'soft_bounces', jobId, now);
    return true;
  },
  /** After a confirmed sign-up: lifts a bounce suppression and restarts the soft-bounce count; a complaint stays. */
  *confirmed(db: Kysely<SharedTables>, site: string, address: string): StatementSteps<void> {
    const keys = sql.join(yield* keysOf(db, address));
    yield sql`DELETE FROM suppressions WHERE site = ${site} AND address IN (${keys})
      AND reason IN ('hard_bounce', 'soft_bounces')`.compile(db);
    yield sql`DELETE FROM soft_bounces WHERE site = ${site} AND address IN (${keys})`.compile(db);
  },
  /** Every shop's suppression of the address, for its export. */
  *listFor(db: Kysely<SharedTables>, address: string): StatementSteps<SuppressionRow[]> {
    return yield* rowsOfSql(
      db,
      sql<SuppressionRow>`SELECT site, reason, since FROM suppressions WHERE address = ${suppressionKey(address)}
        ORDER BY site`,
    );
  },
  /**
   * Erasure (docs/newsletter.md#what-stays-after-erasure): every shop's suppression of the address is kept under the
   * address's keyed hash instead (so a bounce or complaint stays suppressed), its soft-bounce counts go.
   */
  *erase(db: Kysely<SharedTables>, address: string, hashed: string): StatementSteps<void> {
    const key = suppressionKey(address);
    yield sql`DELETE FROM suppressions WHERE address = ${hashed}
      AND site IN (SELECT site FROM suppressions WHERE address = ${key})`.compile(db);
    yield sql`UPDATE suppressions SET address = ${hashed} WHERE address = ${key}`.compile(db);
    yield sql`DELETE FROM soft_bounces WHERE address = ${key}`.compile(db);
  },
};

/** A suppression as the export shows it. */
export interface SuppressionRow {
  site: string;
  reason: SuppressionReason;
  since: string;
}

/** The keys an address can be suppressed under: itself, and its keyed hash once anything was erased. */
function* keysOf(db: Kysely<SharedTables>, address: string): StatementSteps<string[]> {
  const erased = yield* erasedAddressOf(db, address);
  return erased ? [suppressionKey(address), erased.address] : [suppressionKey(address)];
}
