import { sql } from 'kysely';
import { shopByCode } from '../../src/shared/countries.ts';
import { rowsOfSql } from '../database/atomicWork.ts';
import type { DeliveryReport } from '../mail/deliveryReports.ts';
import { jobAddressByMessageId, jobAddressOf, type JobAddress } from '../mail/jobSuppression.ts';
import type { MailJobs } from '../mail/mailJobs.ts';
import { mailJobStatements } from '../mail/mailJobs.ts';
import { suppressionKey, suppressionStatements } from '../mail/suppressions.ts';
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
 * consent log's channel `complaint`); an unsubscribe mail ends the job's subscription (no suppression), or cancels its
 * pending sign-up when the job is a confirmation mail. Which reports of the intake count is decided by
 * `intakeReports` (server/newsletter/intakeReports.ts); the webhook's are authenticated by its secret.
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

  return {
    /** The job a per-mail address names, with its shop and recipient; undefined for an unknown job. */
    jobAddress,
    /** The job a returned message's Message-ID names; undefined for a Message-ID not of ours. */
    jobByMessageId: (messageId: string) => database.run((db) => jobAddressByMessageId(db, messageId)),
    /** A bounce or complaint the intake found to be about `job`: applied to the job's address in the job's shop. */
    async applyReport(job: JobAddress, report: DeliveryReport): Promise<void> {
      const hard = report.kind === 'bounce' && report.severity === 'hard';
      await apply(job.site, job.recipient, report.kind, hard, job.jobId);
    },
    /**
     * An unsubscribe mail the intake found to be about `job`: the job's subscription ends (channel `unsubscribe
     * mail`), or, for the confirmation mail, its pending sign-up is cancelled as its one-click URL does. Whether
     * something changed.
     */
    async unsubscribeBy(job: JobAddress): Promise<boolean> {
      const { subscriberId } = job;
      if (subscriberId === null) return false;
      if (await cancelSignUpOf(database, subscriberId)) return true;
      const row = await database.run((db) => subscriberStatements.subscribedById(db, subscriberId));
      return row !== undefined && (await unsubscribe(stores, row, 'unsubscribe mail'));
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
