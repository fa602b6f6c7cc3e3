import { sql } from 'kysely';
import { shopByCode } from '../../src/shared/countries.ts';
import { rowsOfSql } from '../database/atomicWork.ts';
import type { DeliveryReport } from '../mail/deliveryReports.ts';
import { jobAddressOf, type JobAddress } from '../mail/jobSuppression.ts';
import type { MailJobs } from '../mail/mailJobs.ts';
import { mailJobStatements } from '../mail/mailJobs.ts';
import { suppressionKey, suppressionStatements } from '../mail/suppressions.ts';
import type { VerpKind } from '../mail/verp.ts';
import { subscriberStatements } from './subscriberStore.ts';
import { unsubscribe } from './subscription.ts';
import { cancelSignUpOf } from './cancelSignUp.ts';

/** A bounce or complaint as a provider's webhook reports it (docs/calls.md#mail-events). */
export interface ReportedMailEvent {
  type: 'bounce' | 'complaint';
  bounceType?: 'hard' | 'soft' | undefined;
  email: string;
  shop: string;
  jobId?: number | undefined;
}

/**
 * What bounces, complaints and unsubscribe mails do to the suppression list and the subscriptions
 * (docs/newsletter.md#suppression): a hard bounce suppresses the address in its shop, soft bounces once `softBounceLimit`
 * came in a row, a complaint suppresses and ends the subscription as an unsubscribe does (consent evidence kept, the
 * consent log's channel `complaint`); a mail to `unsubscribe+{job}@…` ends the job's subscription (no suppression), or cancels
 * its pending sign-up when the job is a confirmation mail; only when it comes from the address the job was mailed to.
 */
export function mailEvents(jobs: MailJobs, { softBounceLimit }: { softBounceLimit: number }) {
  const { database } = jobs;
  const stores = { database, jobs };
  const jobAddress = (jobId: number) => database.run((db) => jobAddressOf(db, jobId));

  /** Applies one bounce or complaint about an address of a shop; the subscriber, if known, by id. */
  async function apply(
    site: string,
    address: string,
    event: DeliveryReport['kind'],
    hard: boolean,
    jobId: number | null,
  ): Promise<void> {
    const now = new Date();
    const subscribed = await database.atomically(function* (db) {
      if (event === 'bounce') {
        if (hard) yield* suppressionStatements.suppress(db, site, address, 'hard_bounce', jobId, now);
        else yield* suppressionStatements.softBounce(db, site, address, jobId, softBounceLimit, now);
        return undefined;
      }
      yield* suppressionStatements.suppress(db, site, address, 'complaint', jobId, now);
      const [subscriber] = yield* rowsOfSql(
        db,
        sql<{ id: number }>`SELECT id FROM subscribers WHERE lower(email) = lower(${address}) AND site = ${site}`,
      );
      if (!subscriber) return undefined;
      yield* mailJobStatements.cancelQueuedFor(db, subscriber.id, 'complaint', now);
      return yield* subscriberStatements.subscribedById(db, subscriber.id);
    });
    // Its own transaction; the suppression already keeps every mail from the address meanwhile.
    if (subscribed) await unsubscribe(stores, subscribed, 'complaint');
  }

  /**
   * Whether an unsubscribe mail comes from the address the job was mailed to (its `From` header). Job numbers can be
   * guessed, so a mail from anybody else changes nothing.
   */
  function fromRecipient(job: JobAddress, raw: string): boolean {
    const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const from = /^from:(.*)$/im.exec(headers)?.[1] ?? '';
    const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
    return suppressionKey(address) === suppressionKey(job.recipient);
  }

  /** Whether a report names the job it came back for: its recipient, or its Message-ID in the returned headers. */
  function namesJob(job: JobAddress, recipients: readonly string[], raw: string): boolean {
    return recipients.includes(suppressionKey(job.recipient)) || raw.includes(job.messageId);
  }

  return {
    /**
     * A message the intake received for a per-mail address (server/mail/intake.ts). Reports that do not name the
     * job's recipient or Message-ID are ignored (a forged report cannot suppress an address it does not know).
     * Answers how many reports changed something.
     */
    async received(kind: VerpKind, jobId: number, reports: readonly DeliveryReport[], raw: string): Promise<number> {
      const job = await jobAddress(jobId);
      if (!job) return 0;
      if (kind === 'unsubscribe') {
        const subscriberId = job.subscriberId;
        if (subscriberId === null || !fromRecipient(job, raw)) return 0;
        // The confirmation mail's mailto cancels the pending sign-up, as its one-click URL does.
        if (await cancelSignUpOf(database, subscriberId)) return 1;
        const row = await database.run((db) => subscriberStatements.subscribedById(db, subscriberId));
        return row && (await unsubscribe(stores, row, 'unsubscribe mail')) ? 1 : 0;
      }
      let applied = 0;
      for (const report of reports) {
        if (!namesJob(job, report.recipients, raw)) continue;
        const hard = report.kind === 'bounce' && report.severity === 'hard';
        await apply(job.site, job.recipient, report.kind, hard, jobId);
        applied += 1;
      }
      return applied;
    },
    /**
     * One event of the providers' webhook (docs/calls.md#mail-events): for a known shop; with a `jobId`, only when the
     * job was mailed to that address in that shop. Answers whether it changed something.
     */
    async reported(event: ReportedMailEvent): Promise<boolean> {
      if (!shopByCode(event.shop)) return false;
      if (event.jobId !== undefined) {
        const job = await jobAddress(event.jobId);
        if (!job || job.site !== event.shop || suppressionKey(job.recipient) !== suppressionKey(event.email))
          return false;
      }
      await apply(event.shop, event.email, event.type, event.bounceType !== 'soft', event.jobId ?? null);
      return true;
    },
  };
}

/** The bounce and complaint handling of one database. */
export type MailEvents = ReturnType<typeof mailEvents>;
