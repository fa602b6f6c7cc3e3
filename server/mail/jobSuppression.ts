import type { DatabaseSync } from 'node:sqlite';
import type { MailJob } from './mailJobs.ts';
import { suppressionStore } from './suppressions.ts';

/** A job's shop and address, as the suppression list knows them. */
export interface JobAddress {
  jobId: number;
  site: string;
  recipient: string;
  subscriberId: number | null;
  messageId: string;
}

/**
 * The shop and address of a mail job, by its id (for a bounce or complaint that names it: server/mail/verp.ts): the
 * shop is the one its subscriber signed up in. Undefined for an unknown job, or one whose subscriber is gone.
 */
export function jobAddressOf(db: DatabaseSync): (jobId: number) => JobAddress | undefined {
  const byId = db.prepare(`
    SELECT j.id AS jobId, s.site AS site, j.recipient AS recipient, j.subscriber_id AS subscriberId,
      j.message_id AS messageId
    FROM mail_jobs j JOIN subscribers s ON s.id = j.subscriber_id WHERE j.id = ? AND s.site IS NOT NULL`);
  return (jobId) => byId.get(jobId) as JobAddress | undefined;
}

/**
 * The sender's check before a hand-over (docs/newsletter.md#suppression): why a job must not go out because its
 * address is suppressed in the shop of its subscriber (or of its payload's `site`), or undefined.
 */
export function suppressedJobRefusal(db: DatabaseSync): (job: MailJob) => string | undefined {
  const suppressions = suppressionStore(db);
  const siteOf = db.prepare('SELECT site FROM subscribers WHERE id = ?');
  return (job) => {
    const subscriberSite =
      job.subscriber_id === null
        ? undefined
        : (siteOf.get(job.subscriber_id) as { site: string | null } | undefined)?.site;
    const site = subscriberSite ?? payloadSite(job.payload);
    if (!site) return undefined;
    const reason = suppressions.reasonFor(site, job.recipient);
    return reason && `suppressed: ${reason}`;
  };
}

/** The `site` of a job's JSON payload, if it names one. */
function payloadSite(payload: string | null): string | undefined {
  if (payload === null) return undefined;
  const site = (JSON.parse(payload) as { site?: unknown } | null)?.site;
  return typeof site === 'string' ? site : undefined;
}
