import type { DatabaseSync } from 'node:sqlite';
import { checkpointAfterErasure } from '../db.ts';
import { inTransaction } from '../transaction.ts';
import { hashDoiToken } from './doiToken.ts';
import { erasePersonalData } from './subscriberColumns.ts';

/**
 * Cancels the pending sign-up a confirmation token opens (docs/newsletter.md#cancelling-a-sign-up-from-the-mail), as
 * the one-click `List-Unsubscribe` of the confirmation mail asks: the sign-up goes as if its link had expired. A
 * never-confirmed row is deleted with its log and its queued mail; an address that had been subscribed before goes
 * back to UNSUBSCRIBED, without the data and the log entry of the sign-up it cancelled. Only a row still waiting for
 * its confirmation is touched, never a confirmed subscription. Whether anything was cancelled (for tests: callers
 * answer the same either way).
 */
export function cancelSignUp(db: DatabaseSync, token: string): boolean {
  return cancelPendingSignUp(db, { column: 'doi_token_hash', value: hashDoiToken(token) });
}

/**
 * The same for the pending sign-up of a subscriber id: what a mail to the confirmation mail's `mailto:` unsubscribe
 * address (`unsubscribe+{job}@…`, server/newsletter/mailEvents.ts) asks. Only a row still waiting for its
 * confirmation is touched.
 */
export function cancelSignUpOf(db: DatabaseSync, subscriberId: number): boolean {
  return cancelPendingSignUp(db, { column: 'id', value: subscriberId });
}

function cancelPendingSignUp(
  db: DatabaseSync,
  key: { column: 'doi_token_hash' | 'id'; value: string | number },
): boolean {
  const pending = `${key.column} = :key AND status = 'WAITING_FOR_DOI'`;
  const deleteNeverConfirmed = db.prepare(`DELETE FROM subscribers WHERE ${pending} AND confirmed_at IS NULL`);
  const deleteLogOfReturning = db.prepare(`
    DELETE FROM consent_events WHERE event = 'SIGNED_UP' AND subscriber_id IN
      (SELECT id FROM subscribers WHERE ${pending} AND confirmed_at IS NOT NULL)
      AND at > (SELECT unsubscribed_at FROM subscribers WHERE subscribers.id = consent_events.subscriber_id)`);
  const revertReturning = db.prepare(`
    UPDATE subscribers SET status = 'UNSUBSCRIBED', ${erasePersonalData}, doi_token_hash = NULL,
      doi_token_expires_at = NULL WHERE ${pending} AND confirmed_at IS NOT NULL`);
  const cancelled = inTransaction(db, () => {
    const deleted = deleteNeverConfirmed.run({ key: key.value }).changes;
    deleteLogOfReturning.run({ key: key.value });
    return Number(deleted) + Number(revertReturning.run({ key: key.value }).changes) > 0;
  });
  if (cancelled) checkpointAfterErasure(db);
  return cancelled;
}
