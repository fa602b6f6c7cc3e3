import type { DatabaseSync } from 'node:sqlite';
import { shopByCode, shops } from '../../src/shared/countries.ts';
import { UNOPENED_STOP_YEARS } from '../../src/shared/newsletter/subscriptionPeriods.ts';
import { checkpointAfterErasure } from '../db.ts';
import type { MailJobs } from '../mail/mailJobs.ts';
import { inTransaction } from '../transaction.ts';
import { iysSyncQueue } from '../iys/syncQueue.ts';
import { erasePersonalData } from './subscriberColumns.ts';
import { subscriberStore } from './subscriberStore.ts';

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
export function lapseUnopened(db: DatabaseSync, jobs: MailJobs, now: Date): number {
  const sites = shops.filter((shop) => shop.newsletter.stopsWhenUnopened).map((shop) => shop.code);
  if (sites.length === 0) return 0;
  const siteList = sites.map((_, index) => `:site${index}`).join(', ');
  const siteParams = Object.fromEntries(sites.map((code, index) => [`site${index}`, code]));
  const unopened = `status = 'SUBSCRIBED' AND site IN (${siteList}) AND COALESCE(last_opened_at, confirmed_at) < :cutoff`;
  const due = db.prepare(
    `SELECT id, email, site FROM subscribers WHERE ${unopened} ORDER BY id LIMIT ${LAPSE_BATCH_SIZE}`,
  );
  const lapse = db.prepare(`
    UPDATE subscribers SET status = 'UNSUBSCRIBED', ${erasePersonalData}, preferences_token_hash = NULL,
      unsubscribed_at = :now, updated_at = :now WHERE id = :id AND ${unopened}`);
  const store = subscriberStore(db);
  const iys = iysSyncQueue(db);
  const at = now.toISOString();
  const params = { ...siteParams, cutoff: unopenedCutoff(now).toISOString() };
  let ended = 0;
  for (;;) {
    const batch = inTransaction(db, () => {
      const rows = due.all(params) as { id: number; email: string; site: string | null }[];
      for (const { id, email, site } of rows) {
        if (lapse.run({ ...params, id, now: at }).changes === 0) continue;
        store.logEvent(id, 'LAPSED', 'no opens', at);
        jobs.cancelQueuedFor(id, 'lapsed', now);
        // The end of the subscription goes to İYS as a withdrawal (docs/newsletter.md#iys).
        const shop = shopByCode(site ?? '');
        if (shop) iys.enqueue({ subscriberId: id, shop, recipient: email, status: 'RET', at: now });
        ended += 1;
      }
      return rows.length;
    });
    if (batch < LAPSE_BATCH_SIZE) break;
  }
  if (ended > 0) checkpointAfterErasure(db);
  return ended;
}
