import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { onPostgres, rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import type { NewMailJob } from './newMailJobSchema.ts';

/**
 * Where a mail job stands (docs/newsletter.md#mail-delivery):
 * `queued` waits for its `next_attempt_at`; `sending` is claimed and being handed over; `sent` was handed over;
 * `failed` was refused for good (the recipient or the content, e.g. SMTP 550); `cancelled` is no longer wanted (the
 * address unsubscribed, the link expired); `unknown` was being handed to SMTP when the process died, so it may or
 * may not have arrived: it is never sent again (at most once).
 */
export type MailJobState = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'unknown';

/** A row of `mail_jobs` as the sender reads it: the table's columns, its state narrowed to {@link MailJobState}. */
export type MailJob = Omit<Selectable<SharedTables['mail_jobs']>, 'state' | 'finished_at'> & { state: MailJobState };

/** A job to queue (docs/newsletter.md#mail-delivery); its shape is `newMailJobSchema`. */
export type { NewMailJob } from './newMailJobSchema.ts';

/** The domain part of the Message-IDs: the sender address's domain. */
export type MessageIdDomain = string;

/**
 * The due time of a confirmation mail that waits for a cap (docs/newsletter.md#rate-limit): never due, so no sender
 * claims it, until the caps release it (server/throttle/confirmationCaps.ts). It is `queued` all the same: an
 * unsubscribe cancels it, and a sign-up again finds it pending.
 */
export const DEFERRED_UNTIL = '9999-12-31T23:59:59.999Z';

/** A job's state after a crash: back to the queue (its transport can tell an earlier delivery) or `unknown`. */
type RecoveredState = 'queued' | 'unknown';

/**
 * The `mail_jobs` table as a state machine, written once for both engines: queue, claim (queued -> sending), and
 * finish (sent, failed, cancelled, unknown) or put back (queued, later). Each transition is one UPDATE guarded by the
 * state it leaves, so a job is never claimed twice; on PostgreSQL concurrent claims skip the rows another claim holds
 * (`FOR UPDATE SKIP LOCKED`) instead of all going for the same one and coming back empty.
 */
export const mailJobStatements = {
  /**
   * Queues a job (inside the caller's transaction) and answers its id: due at `notBefore` (or now) and released now,
   * or, deferred by a cap, due at {@link DEFERRED_UNTIL} until the caps release it.
   */
  *enqueue(db: Kysely<SharedTables>, job: NewMailJob, messageId: string, now: Date): StatementSteps<number> {
    const deferred = job.cap?.deferred === true;
    const due = deferred ? DEFERRED_UNTIL : (job.notBefore ?? now).toISOString();
    const rows = yield* rowsOfSql(
      db,
      sql<{ id: number }>`
        INSERT INTO mail_jobs (kind, recipient, subscriber_id, payload, message_id, state, next_attempt_at, not_after,
                               created_at, released_at, cap_domain, client_network)
        VALUES (${job.kind}, ${job.recipient}, ${job.subscriberId ?? null}, ${JSON.stringify(job.payload)}, ${messageId},
                'queued', ${due}, ${job.notAfter?.toISOString() ?? null}, ${now.toISOString()},
                ${deferred ? null : now.toISOString()}, ${job.cap?.domain ?? null}, ${job.cap?.network ?? null})
        RETURNING id`,
    );
    return rows[0]!.id;
  },
  /** The next due job, now `sending` for `owner` (its attempt counted), or undefined. */
  *claim(db: Kysely<SharedTables>, owner: string, now: Date): StatementSteps<MailJob | undefined> {
    const at = now.toISOString();
    const skipLocked = onPostgres(db) ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const rows = yield* rowsOfSql(
      db,
      sql<MailJob>`
        UPDATE mail_jobs SET state = 'sending', attempts = attempts + 1, claimed_at = ${at}, claimed_by = ${owner},
          handed_over_at = NULL
        WHERE id = (SELECT id FROM mail_jobs WHERE state = 'queued' AND next_attempt_at <= ${at}
                    ORDER BY next_attempt_at, id LIMIT 1 ${skipLocked})
          AND state = 'queued'
        RETURNING *`,
    );
    return rows[0];
  },
  /**
   * Records that the message is about to reach the transport (see MailTransport.send), and whether its per-mail
   * addresses are tagged (server/mail/verp.ts): the intake holds mails sent untagged to stricter rules.
   */
  *handingOver(db: Kysely<SharedTables>, id: number, now: Date, tagged = false): StatementSteps<void> {
    yield sql`UPDATE mail_jobs SET handed_over_at = ${now.toISOString()}, verp_tagged = ${tagged ? 1 : 0}
      WHERE id = ${id} AND state = 'sending'`.compile(db);
  },
  /** Ends a job being sent: `sent`, `failed` or `cancelled`; its payload is cleared. Whether it was being sent. */
  *finish(
    db: Kysely<SharedTables>,
    id: number,
    state: 'sent' | 'failed' | 'cancelled',
    error: string | null,
    now: Date,
  ): StatementSteps<boolean> {
    const rows = yield* rowsOfSql(
      db,
      sql`UPDATE mail_jobs SET state = ${state}, payload = NULL, last_error = ${error}, finished_at = ${now.toISOString()}
          WHERE id = ${id} AND state = 'sending' RETURNING id`,
    );
    return rows.length === 1;
  },
  /** Puts a job that could not be handed over back in the queue, due at `nextAttemptAt`. */
  *retryAt(db: Kysely<SharedTables>, id: number, nextAttemptAt: Date, error: string): StatementSteps<void> {
    yield sql`
      UPDATE mail_jobs SET state = 'queued', next_attempt_at = ${nextAttemptAt.toISOString()}, last_error = ${error},
        handed_over_at = NULL
      WHERE id = ${id} AND state = 'sending'`.compile(db);
  },
  /** Jobs being sent, by this or another sender (see `senderGone`). */
  *sending(db: Kysely<SharedTables>): StatementSteps<MailJob[]> {
    return yield* rowsOfSql(db, sql<MailJob>`SELECT * FROM mail_jobs WHERE state = 'sending'`);
  },
  /** After a crash: back to the queue (a transport that can tell whether it was delivered) or `unknown`. */
  *recover(
    db: Kysely<SharedTables>,
    id: number,
    state: RecoveredState,
    error: string,
    now: Date,
  ): StatementSteps<void> {
    yield (
      state === 'queued'
        ? sql`UPDATE mail_jobs SET state = 'queued', last_error = ${error}, handed_over_at = NULL, finished_at = NULL
              WHERE id = ${id} AND state = 'sending'`
        : sql`UPDATE mail_jobs SET state = 'unknown', payload = NULL, last_error = ${error},
                finished_at = ${now.toISOString()}
              WHERE id = ${id} AND state = 'sending'`
    ).compile(db);
  },
  /** When the earliest queued job is due, or undefined when none is queued. */
  *nextDueAt(db: Kysely<SharedTables>): StatementSteps<Date | undefined> {
    const rows = yield* rowsOfSql(
      db,
      sql<{ due: string | null }>`SELECT MIN(next_attempt_at) AS due FROM mail_jobs WHERE state = 'queued'`,
    );
    const due = rows[0]?.due ?? null;
    return due === null ? undefined : new Date(due);
  },
  /** Cancels every job still queued for a subscriber (inside the caller's transaction). */
  *cancelQueuedFor(db: Kysely<SharedTables>, subscriberId: number, reason: string, now: Date): StatementSteps<void> {
    yield sql`
      UPDATE mail_jobs SET state = 'cancelled', payload = NULL, last_error = ${reason}, finished_at = ${now.toISOString()}
      WHERE subscriber_id = ${subscriberId} AND state = 'queued'`.compile(db);
  },
  /** Whether a job of this kind for the subscriber is still waiting or being sent. */
  *hasPending(db: Kysely<SharedTables>, subscriberId: number, kind: string): StatementSteps<boolean> {
    const rows = yield* rowsOfSql(
      db,
      sql`SELECT 1 AS found FROM mail_jobs WHERE subscriber_id = ${subscriberId} AND kind = ${kind}
            AND state IN ('queued', 'sending') LIMIT 1`,
    );
    return rows.length > 0;
  },
};

/** A new Message-ID for a job queued at `now`: fixed when queued, so every attempt is the same message. */
export function newMessageId(now: Date, messageIdDomain: MessageIdDomain): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `<${stamp}.${randomBytes(8).toString('hex')}@${messageIdDomain}>`;
}

/**
 * The mail queue of a database (SQLite or PostgreSQL): each call in a transaction of its own, and the listeners told
 * after a job was queued (the sender wakes up). Flows that queue a mail with other writes yield
 * {@link mailJobStatements} in their own transaction, with {@link newMessageId} of `messageIdDomain`.
 */
export function mailJobs(database: SharedDatabase, messageIdDomain: MessageIdDomain) {
  const listeners = new Set<() => void>();
  const { atomically, run } = database;
  const statements = mailJobStatements;

  return {
    /** The database the jobs are kept in. */
    database,
    /** The domain of the Message-IDs of the jobs queued here. */
    messageIdDomain,
    /** Queues a job in a transaction of its own and answers its id. Listeners are told on `notify()`. */
    enqueue: (job: NewMailJob, now = new Date()): Promise<number> =>
      atomically((db) => statements.enqueue(db, job, newMessageId(now, messageIdDomain), now)),
    /** Tells the sender that jobs were queued; call after the transaction that queued them has committed. */
    notify(): void {
      for (const listener of listeners) listener();
    },
    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    claim: (owner: string, now = new Date()) => atomically((db) => statements.claim(db, owner, now)),
    handingOver: (id: number, now = new Date(), tagged = false) =>
      run((db) => statements.handingOver(db, id, now, tagged)),
    finish: (id: number, state: 'sent' | 'failed' | 'cancelled', error: string | null = null, now = new Date()) =>
      run((db) => statements.finish(db, id, state, error, now)),
    retryAt: (id: number, nextAttemptAt: Date, error: string) =>
      run((db) => statements.retryAt(db, id, nextAttemptAt, error)),
    sending: () => run((db) => statements.sending(db)),
    recover: (id: number, state: RecoveredState, error: string, now = new Date()) =>
      run((db) => statements.recover(db, id, state, error, now)),
    nextDueAt: () => run((db) => statements.nextDueAt(db)),
    cancelQueuedFor: (subscriberId: number, reason: string, now = new Date()) =>
      run((db) => statements.cancelQueuedFor(db, subscriberId, reason, now)),
    hasPending: (subscriberId: number, kind: string) => run((db) => statements.hasPending(db, subscriberId, kind)),
  };
}

/** The mail queue of one database. */
export type MailJobs = ReturnType<typeof mailJobs>;
