import { sql } from 'kysely';
import { shopByCode, shops } from '../../src/shared/countries.ts';
import { UNOPENED_STOP_YEARS } from '../../src/shared/newsletter/subscriptionPeriods.ts';
import { rowsOfSql } from '../database/atomicWork.ts';
import { iysSyncStatements } from '../iys/syncQueue.ts';
import { mailJobStatements, type MailJobs } from '../mail/mailJobs.ts';
import { erasePersonalData } from './subscriberColumns.ts';
import { subscriberStatements } from './subscriberStore.ts';

/** Subscriptions ended per transaction, so the sweep never holds the write lock for long. */
export const LAPSE_BATCH_SIZE = 200;

/**
 * The instant `UNOPENED_STOP_YEARS` calendar years before `now` (UTC): a subscription whose last open (or, without
 * one, its confirmation) lies before it has lapsed.
 */
export function unopenedCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - UNOPENED_STOP_YEARS);
  return cutoff;
}

/**
 * Ends every subscription of a shop that `stopsWhenUnopened` whose subscriber has opened no e-bulletin since the
 * cutoff (docs/newsletter.md#opens-and-the-tr-two-year-rule): exactly as an unsubscribe does (names erased,
 * preferences token cleared, mails still queued cancelled, the address, times and consent evidence kept), logged as
 * `LAPSED` through `no opens`. Each UPDATE checks the condition again, so an open recorded or an unsubscribe made
 * meanwhile (by another instance too) wins. Answers how many subscriptions ended.
 */
export async function lapseUnopened(jobs: MailJobs, now: Date): Promise<number> {
  const { database } = jobs;
  const sites = shops.filter((shop) => shop.newsletter.stopsWhenUnopened).map((shop) => shop.code);
  if (sites.length === 0) return 0;
  const at = now.toISOString();
  const cutoff = unopenedCutoff(now).toISOString();
  const unopened = sql`status = 'SUBSCRIBED' AND site IN (${sql.join(sites)}) AND COALESCE(last_opened_at, confirmed_at) < ${cutoff}`;
  let ended = 0;
  for (;;) {
    const batch = await database.atomically(function* (db) {
      const rows = yield* rowsOfSql(
        db,
        sql<{ id: number; email: string; site: string | null }>`
          SELECT id, email, site FROM subscribers WHERE ${unopened} ORDER BY id LIMIT ${sql.lit(LAPSE_BATCH_SIZE)}`,
      );
      for (const { id, email, site } of rows) {
        const lapsed = yield* rowsOfSql(
          db,
          sql`UPDATE subscribers SET status = 'UNSUBSCRIBED', ${sql.raw(erasePersonalData)}, preferences_token_hash = NULL,
                unsubscribed_at = ${at}, updated_at = ${at}
              WHERE id = ${id} AND ${unopened} RETURNING id`,
        );
        if (lapsed.length === 0) continue;
        yield* subscriberStatements.logEvent(db, id, 'LAPSED', 'no opens', at);
        yield* mailJobStatements.cancelQueuedFor(db, id, 'lapsed', now);
        // The end of the subscription goes to İYS as a withdrawal (docs/newsletter.md#iys).
        const shop = shopByCode(site ?? '');
        if (shop)
          yield* iysSyncStatements.enqueue(db, { subscriberId: id, shop, recipient: email, status: 'RET', at: now });
        ended += 1;
      }
      return rows.length;
    });
    if (batch < LAPSE_BATCH_SIZE) break;
  }
  if (ended > 0) database.afterErasure();
  return ended;
}
