import { sql, type Kysely } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import type { MailJob } from './mailJobs.ts';
import { suppressionStatements } from './suppressions.ts';

/** A job's shop and address, as the suppression list knows them. */
export interface JobAddress {
  jobId: number;
  site: string;
  recipient: string;
  subscriberId: number | null;
  messageId: string;
  /**
   * Whether the mail went out before per-mail addresses were tagged (server/mail/verp.ts): handed over (`sent`, or
   * `unknown`) without tags. Only such a job's untagged addresses are still taken by the intake.
   */
  sentUntagged: boolean;
}

/** The columns of a {@link JobAddress}, from `mail_jobs j` joined with `subscribers s`. */
const jobAddressColumns = sql`j.id AS "jobId", s.site AS site, j.recipient AS recipient,
  j.subscriber_id AS "subscriberId", j.message_id AS "messageId",
  CASE WHEN j.verp_tagged = 0 AND j.state IN ('sent', 'unknown') THEN 1 ELSE 0 END AS "sentUntagged"`;

/** A row of {@link jobAddressColumns} as a {@link JobAddress} (the flag is a number on both engines). */
function jobAddressOfRow(row: Omit<JobAddress, 'sentUntagged'> & { sentUntagged: number }): JobAddress {
  return { ...row, sentUntagged: Number(row.sentUntagged) === 1 };
}

/**
 * The shop and address of a mail job, by its id (for a bounce or complaint that names it: server/mail/verp.ts): the
 * shop is the one its subscriber signed up in. Undefined for an unknown job, or one whose subscriber is gone.
 */
export function* jobAddressOf(db: Kysely<SharedTables>, jobId: number): StatementSteps<JobAddress | undefined> {
  const rows = yield* rowsOfSql(
    db,
    sql<Omit<JobAddress, 'sentUntagged'> & { sentUntagged: number }>`
      SELECT ${jobAddressColumns}
      FROM mail_jobs j JOIN subscribers s ON s.id = j.subscriber_id WHERE j.id = ${jobId} AND s.site IS NOT NULL`,
  );
  return rows[0] && jobAddressOfRow(rows[0]);
}

/** The same, by the job's Message-ID (`<…@…>`, as its mail carried it): for a complaint that returns our message. */
export function* jobAddressByMessageId(
  db: Kysely<SharedTables>,
  messageId: string,
): StatementSteps<JobAddress | undefined> {
  const rows = yield* rowsOfSql(
    db,
    sql<Omit<JobAddress, 'sentUntagged'> & { sentUntagged: number }>`
      SELECT ${jobAddressColumns}
      FROM mail_jobs j JOIN subscribers s ON s.id = j.subscriber_id
      WHERE j.message_id = ${messageId} AND s.site IS NOT NULL`,
  );
  return rows[0] && jobAddressOfRow(rows[0]);
}

/**
 * The sender's check before a hand-over (docs/newsletter.md#suppression): why a job must not go out because its
 * address is suppressed in the shop of its subscriber (or of its payload's `site`), or undefined.
 */
export function suppressedJobRefusal(database: SharedDatabase): (job: MailJob) => Promise<string | undefined> {
  return (job) =>
    database.run(function* (db) {
      const [subscriber] =
        job.subscriber_id === null
          ? []
          : yield* rowsOfSql(
              db,
              sql<{ site: string | null }>`SELECT site FROM subscribers WHERE id = ${job.subscriber_id}`,
            );
      const site = subscriber?.site ?? payloadSite(job.payload);
      if (!site) return undefined;
      const reason = yield* suppressionStatements.reasonFor(db, site, job.recipient);
      return reason && `suppressed: ${reason}`;
    });
}

/** The `site` of a job's JSON payload, if it names one. */
function payloadSite(payload: string | null): string | undefined {
  if (payload === null) return undefined;
  const site = (JSON.parse(payload) as { site?: unknown } | null)?.site;
  return typeof site === 'string' ? site : undefined;
}
