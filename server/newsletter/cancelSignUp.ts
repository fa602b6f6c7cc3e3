import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { hashDoiToken } from './doiToken.ts';
import { subscriberStatements } from './subscriberStore.ts';

/**
 * Cancels the pending sign-up a confirmation token opens (docs/newsletter.md#cancelling-a-sign-up-from-the-mail), as
 * the one-click `List-Unsubscribe` of the confirmation mail asks: the sign-up goes as if its link had expired. A
 * never-confirmed row is deleted with its log and its queued mail; an address that had been subscribed before goes
 * back to UNSUBSCRIBED, without the data and the log entry of the sign-up it cancelled. Only a row still waiting for
 * its confirmation is touched, never a confirmed subscription. Whether anything was cancelled (for tests: callers
 * answer the same either way).
 */
export function cancelSignUp(database: SharedDatabase, token: string): Promise<boolean> {
  return cancelPendingSignUp(database, { tokenHash: hashDoiToken(token) });
}

/**
 * The same for the pending sign-up of a subscriber id: what a mail to the confirmation mail's `mailto:` unsubscribe
 * address (`unsubscribe+{job}@…`, server/newsletter/mailEvents.ts) asks. Only a row still waiting for its
 * confirmation is touched.
 */
export function cancelSignUpOf(database: SharedDatabase, subscriberId: number): Promise<boolean> {
  return cancelPendingSignUp(database, { id: subscriberId });
}

async function cancelPendingSignUp(
  database: SharedDatabase,
  key: { tokenHash: string } | { id: number },
): Promise<boolean> {
  const cancelled = await database.atomically((db) => subscriberStatements.cancelPending(db, key));
  if (cancelled) database.afterErasure();
  return cancelled;
}
