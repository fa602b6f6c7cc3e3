import { sql } from 'kysely';
import { rowsOfSql } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long the mails of an ended subscription (unsubscribed, lapsed or erased) are kept after they were finished:
 * long enough to answer a bounce or a complaint about them (docs/newsletter.md#what-stays-after-erasure).
 */
export const ENDED_MAIL_RETENTION_MS = 30 * DAY_MS;

/**
 * How long the consent proof of an erased address and support's audit entries are kept: three years, the limitation
 * period for claims about unsolicited advertising (docs/newsletter.md#what-stays-after-erasure).
 */
export const PROOF_RETENTION_MS = 3 * 365 * DAY_MS;

/**
 * Applies the retention table (docs/newsletter.md#what-stays-after-erasure) as of `now`, in one transaction: the
 * finished mails of ended subscriptions go (their recipient is a copy of the address) after
 * {@link ENDED_MAIL_RETENTION_MS}; the consent log of an erased address and the address's keyed hash on its row go
 * {@link PROOF_RETENTION_MS} after the withdrawal (the row stays only as its voucher's owner); audit entries go after
 * {@link PROOF_RETENTION_MS}. Answers how many rows went or were cleared; the caller's `afterErasure` clears the WAL.
 */
export async function applyRetention(database: SharedDatabase, now: Date): Promise<number> {
  const mailsBefore = new Date(now.getTime() - ENDED_MAIL_RETENTION_MS).toISOString();
  const proofBefore = new Date(now.getTime() - PROOF_RETENTION_MS).toISOString();
  const changed = await database.atomically(function* (db) {
    const mails = yield* rowsOfSql(
      db,
      sql`DELETE FROM mail_jobs WHERE state NOT IN ('queued', 'sending') AND finished_at < ${mailsBefore}
        AND subscriber_id IN (SELECT id FROM subscribers WHERE status IN ('UNSUBSCRIBED', 'ERASED')) RETURNING id`,
    );
    const expired = sql`SELECT id FROM subscribers WHERE status = 'ERASED' AND unsubscribed_at < ${proofBefore}
      AND email LIKE 'erased:%#%'`;
    const log = yield* rowsOfSql(db, sql`DELETE FROM consent_events WHERE subscriber_id IN (${expired}) RETURNING id`);
    const proofs = yield* rowsOfSql(
      db,
      sql`UPDATE subscribers SET email = ${'erased:'} || CAST(id AS text), consents = '[]', legals = '[]',
          consent_text_version = NULL
        WHERE id IN (${expired}) RETURNING id`,
    );
    const audit = yield* rowsOfSql(db, sql`DELETE FROM subscriber_audit WHERE at < ${proofBefore} RETURNING id`);
    return mails.length + log.length + proofs.length + audit.length;
  });
  if (changed > 0) database.afterErasure();
  return changed;
}
