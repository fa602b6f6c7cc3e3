import type { DatabaseSync } from 'node:sqlite';

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
 * The suppression list of a database, per shop (docs/newsletter.md#suppression): hard bounces and complaints suppress
 * at once, soft bounces once `softBounceLimit` came in a row. A complaint is never replaced by a bounce, and only
 * bounces are lifted (by a confirmed sign-up). Writes run inside the caller's transaction, if any.
 */
export function suppressionStore(db: DatabaseSync) {
  const reasonOf = db.prepare('SELECT reason FROM suppressions WHERE site = ? AND address = ?');
  // A complaint wins over a bounce; a bounce never replaces a complaint.
  const suppress = db.prepare(`
    INSERT INTO suppressions (site, address, reason, since, job_id) VALUES (:site, :address, :reason, :now, :jobId)
    ON CONFLICT (site, address) DO UPDATE SET reason = excluded.reason, since = excluded.since, job_id = excluded.job_id
    WHERE suppressions.reason <> 'complaint' AND excluded.reason = 'complaint'`);
  const countSoft = db.prepare(`
    INSERT INTO soft_bounces (site, address, in_a_row, last_at) VALUES (:site, :address, 1, :now)
    ON CONFLICT (site, address) DO UPDATE SET in_a_row = in_a_row + 1, last_at = excluded.last_at
    RETURNING in_a_row`);
  const liftBounces = db.prepare(
    `DELETE FROM suppressions WHERE site = ? AND address = ? AND reason IN ('hard_bounce', 'soft_bounces')`,
  );
  const resetSoft = db.prepare('DELETE FROM soft_bounces WHERE site = ? AND address = ?');

  return {
    /** Why the address is suppressed in the shop, or undefined when it is not. */
    reasonFor: (site: string, address: string) =>
      (reasonOf.get(site, suppressionKey(address)) as { reason: SuppressionReason } | undefined)?.reason,
    /** Puts the address on the shop's list (a complaint replaces a bounce, never the other way round). */
    suppress(site: string, address: string, reason: SuppressionReason, jobId: number | null, now = new Date()): void {
      suppress.run({ site, address: suppressionKey(address), reason, jobId, now: now.toISOString() });
    },
    /** Counts a soft bounce; suppresses the address once `limit` came in a row. Answers whether it is now suppressed. */
    softBounce(site: string, address: string, jobId: number | null, limit: number, now = new Date()): boolean {
      const row = countSoft.get({ site, address: suppressionKey(address), now: now.toISOString() }) as {
        in_a_row: number;
      };
      if (row.in_a_row < limit) return false;
      this.suppress(site, address, 'soft_bounces', jobId, now);
      return true;
    },
    /** After a confirmed sign-up: lifts a bounce suppression and restarts the soft-bounce count; a complaint stays. */
    confirmed(site: string, address: string): void {
      liftBounces.run(site, suppressionKey(address));
      resetSoft.run(site, suppressionKey(address));
    },
  };
}

/** The suppression list of one database. */
export type SuppressionStore = ReturnType<typeof suppressionStore>;
