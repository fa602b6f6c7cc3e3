import { sql, type Kysely } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { newsletterMailKind } from './mails/newsletterMails.ts';

/** The window the confirmation-mail caps count in (docs/constants.md#limits). */
export const CONFIRMATION_CAP_WINDOW_MS = 60 * 60 * 1000;

/** Confirmation mails allowed per recipient domain and per window, and overall (settings). */
export interface ConfirmationCaps {
  perDomainPerHour: number;
  perHour: number;
}

/** The domain an address is mailed at, as counted: lower case, no trailing dot. */
export const recipientDomain = (address: string) =>
  address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');

/**
 * Caps on the confirmation mails the sign-up sends to strangers' addresses (docs/newsletter.md#rate-limit), counted in
 * the database (the mail jobs queued in the last hour), so they hold across processes and under concurrency when
 * checked inside the sign-up's write transaction. Over a cap the sign-up stores and sends nothing, and is answered
 * like any other (no enumeration).
 */
export function confirmationCaps(caps: ConfirmationCaps) {
  let warnedUntil = 0;
  return {
    /**
     * Whether one more confirmation mail to `address` stays within the caps (inside the sign-up's transaction); says
     * so in the log once an hour when not.
     */
    *allows(db: Kysely<SharedTables>, address: string, now: Date): StatementSteps<boolean> {
      const since = new Date(now.getTime() - CONFIRMATION_CAP_WINDOW_MS).toISOString();
      const atDomain = `%@${likeEscaped(recipientDomain(address))}`;
      const [counts] = yield* rowsOfSql(
        db,
        sql<{ overall: number; domain: number | null }>`
          SELECT count(*) AS overall,
                 sum(CASE WHEN lower(rtrim(recipient, '.')) LIKE ${atDomain} ESCAPE '\\' THEN 1 ELSE 0 END) AS domain
          FROM mail_jobs WHERE kind = ${newsletterMailKind.confirmation} AND created_at > ${since}`,
      );
      const within = Number(counts!.overall) < caps.perHour && Number(counts!.domain ?? 0) < caps.perDomainPerHour;
      if (!within && now.getTime() > warnedUntil) {
        warnedUntil = now.getTime() + CONFIRMATION_CAP_WINDOW_MS;
        console.warn(
          `Newsletter: confirmation mails reached a cap (${caps.perDomainPerHour} per domain or ${caps.perHour} in all per hour); further sign-ups are answered as usual but store and send nothing (docs/newsletter.md#rate-limit).`,
        );
      }
      return within;
    },
  };
}

/** A text to match literally in a `LIKE … ESCAPE '\\'` pattern. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
