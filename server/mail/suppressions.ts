import { sql, type Kysely } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';

/** Why an address can be on a shop's suppression list (docs/newsletter.md#suppression). */
export const suppressionReasons = ['hard_bounce', 'soft_bounces', 'complaint'] as const;
/** Why an address is on a shop's suppression list. */
export type SuppressionReason = (typeof suppressionReasons)[number];

/**
 * The key an address is suppressed under: the address as mailed, trimmed and lower-cased. Not the mailbox key of the
 * vouchers (server/newsletter/mailboxKey.ts): a bounce reports on exactly the address that was mailed, and a `+tag`
 * that one mail system refuses says nothing about the address without it (docs/newsletter.md#suppression).
 */
export function suppressionKey(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * The suppression list, per shop (docs/newsletter.md#suppression), written once for both engines: hard bounces and
 * complaints suppress at once, soft bounces once `softBounceLimit` came in a row. A complaint is never replaced by a
 * bounce, and only bounces are lifted (by a confirmed sign-up). Each runs inside the caller's transaction.
 */
export const suppressionStatements = {
  /** Why the address is suppressed in the shop, or undefined when it is not. */
  *reasonFor(db: Kysely<SharedTables>, site: string, address: string): StatementSteps<SuppressionReason | undefined> {
    const rows = yield* rowsOfSql(
      db,
      sql<{ reason: SuppressionReason }>`SELECT reason FROM suppressions WHERE site = ${site}
        AND address = ${suppressionKey(address)}`,
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
    const key = suppressionKey(address);
    yield sql`DELETE FROM suppressions WHERE site = ${site} AND address = ${key}
      AND reason IN ('hard_bounce', 'soft_bounces')`.compile(db);
    yield sql`DELETE FROM soft_bounces WHERE site = ${site} AND address = ${key}`.compile(db);
  },
};
