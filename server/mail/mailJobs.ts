import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { NewMailJob } from './newMailJobSchema.ts';

/**
 * Where a mail job stands (docs/newsletter.md#mail-delivery):
 * `queued` waits for its `next_attempt_at`; `sending` is claimed and being handed over; `sent` was handed over;
 * `failed` was refused for good (the recipient or the content, e.g. SMTP 550); `cancelled` is no longer wanted (the
 * address unsubscribed, the link expired); `unknown` was being handed to SMTP when the process died, so it may or
 * may not have arrived: it is never sent again (at most once).
 */
export type MailJobState = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled' | 'unknown';

/** A row of `mail_jobs`. */
export interface MailJob {
  id: number;
  kind: string;
  recipient: string;
  subscriber_id: number | null;
  /** JSON; null once the job is done. */
  payload: string | null;
  message_id: string;
  state: MailJobState;
  attempts: number;
  next_attempt_at: string;
  not_after: string | null;
  last_error: string | null;
  created_at: string;
  /** When the message started to go to the transport in the current attempt; null before (and after a retry). */
  handed_over_at: string | null;
  claimed_at: string | null;
  /** The sender that claimed it: `host:pid:random`. */
  claimed_by: string | null;
}

/** A job to queue (docs/newsletter.md#mail-delivery); its shape is `newMailJobSchema`. */
export type { NewMailJob } from './newMailJobSchema.ts';

/** The domain part of the Message-IDs: the sender address's domain. */
export type MessageIdDomain = string;

/**
 * The `mail_jobs` table as a state machine: queue, claim (queued -> sending), and finish (sent, failed, cancelled,
 * unknown) or put back (queued, later). Each transition is one UPDATE guarded by the state it leaves, so a job
 * is never claimed twice. `onQueued` listeners are told after a job was queued (the sender wakes up).
 */
export function mailJobs(db: DatabaseSync, messageIdDomain: MessageIdDomain) {
  const insert = db.prepare(`
    INSERT INTO mail_jobs (kind, recipient, subscriber_id, payload, message_id, state, next_attempt_at, not_after, created_at)
    VALUES (:kind, :recipient, :subscriberId, :payload, :messageId, 'queued', :nextAttemptAt, :notAfter, :now) RETURNING id`);
  const claim = db.prepare(`
    UPDATE mail_jobs SET state = 'sending', attempts = attempts + 1, claimed_at = :now, claimed_by = :owner, handed_over_at = NULL
    WHERE id = (SELECT id FROM mail_jobs WHERE state = 'queued' AND next_attempt_at <= :now ORDER BY next_attempt_at, id LIMIT 1)
      AND state = 'queued'
    RETURNING *`);
  const finish = db.prepare(`
    UPDATE mail_jobs SET state = :state, payload = NULL, last_error = :error, finished_at = :now WHERE id = :id AND state = 'sending'`);
  const handingOver = db.prepare(`UPDATE mail_jobs SET handed_over_at = :now WHERE id = :id AND state = 'sending'`);
  const putBack = db.prepare(`
    UPDATE mail_jobs SET state = 'queued', next_attempt_at = :nextAttemptAt, last_error = :error, handed_over_at = NULL
    WHERE id = :id AND state = 'sending'`);
  const abandoned = db.prepare(`SELECT * FROM mail_jobs WHERE state = 'sending'`);
  const recover =
    db.prepare(`UPDATE mail_jobs SET state = :state, payload = CASE WHEN :state = 'queued' THEN payload END,
    last_error = :error, handed_over_at = CASE WHEN :state = 'queued' THEN NULL ELSE handed_over_at END,
    finished_at = CASE WHEN :state = 'queued' THEN NULL ELSE :now END WHERE id = :id AND state = 'sending'`);
  const nextDue = db.prepare(`SELECT MIN(next_attempt_at) AS due FROM mail_jobs WHERE state = 'queued'`);
  const cancelQueued = db.prepare(`
    UPDATE mail_jobs SET state = 'cancelled', payload = NULL, last_error = :reason, finished_at = :now
    WHERE subscriber_id = :subscriberId AND state = 'queued'`);
  const pending = db.prepare(
    `SELECT 1 FROM mail_jobs WHERE subscriber_id = ? AND kind = ? AND state IN ('queued', 'sending') LIMIT 1`,
  );
  const listeners = new Set<() => void>();

  return {
    /** Queues a job (inside the caller's transaction, if any) and answers its id. Listeners are told on `notify()`. */
    enqueue(job: NewMailJob, now = new Date()): number {
      const stamp = now.toISOString().replace(/[-:.]/g, '');
      const row = insert.get({
        kind: job.kind,
        recipient: job.recipient,
        subscriberId: job.subscriberId ?? null,
        payload: JSON.stringify(job.payload),
        messageId: `<${stamp}.${randomBytes(8).toString('hex')}@${messageIdDomain}>`,
        nextAttemptAt: (job.notBefore ?? now).toISOString(),
        notAfter: job.notAfter?.toISOString() ?? null,
        now: now.toISOString(),
      }) as { id: number };
      return row.id;
    },
    /** Tells the sender that jobs were queued; call after the transaction that queued them has committed. */
    notify(): void {
      for (const listener of listeners) listener();
    },
    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The next due job, now `sending` for `owner` (its attempt counted), or undefined. */
    claim: (owner: string, now = new Date()) => claim.get({ now: now.toISOString(), owner }) as MailJob | undefined,
    /** Records that the message is about to reach the transport (see MailTransport.send). */
    handingOver: (id: number, now = new Date()) => void handingOver.run({ id, now: now.toISOString() }),
    /** Ends a job being sent: `sent`, `failed` or `cancelled`; its payload is cleared. */
    finish: (id: number, state: 'sent' | 'failed' | 'cancelled', error: string | null = null, now = new Date()) =>
      Number(finish.run({ id, state, error, now: now.toISOString() }).changes) === 1,
    /** Puts a job that could not be handed over back in the queue, due at `nextAttemptAt`. */
    retryAt: (id: number, nextAttemptAt: Date, error: string) =>
      void putBack.run({ id, nextAttemptAt: nextAttemptAt.toISOString(), error }),
    /** Jobs being sent, by this or another sender (see `senderGone`). */
    sending: () => abandoned.all() as unknown as MailJob[],
    /** After a crash: back to the queue (a transport that can tell whether it was delivered) or `unknown`. */
    recover: (id: number, state: 'queued' | 'unknown', error: string, now = new Date()) =>
      void recover.run({ id, state, error, now: now.toISOString() }),
    /** When the earliest queued job is due, or undefined when none is queued. */
    nextDueAt(): Date | undefined {
      const { due } = nextDue.get() as { due: string | null };
      return due === null ? undefined : new Date(due);
    },
    /** Cancels every job still queued for a subscriber (inside the caller's transaction). */
    cancelQueuedFor: (subscriberId: number, reason: string, now = new Date()) =>
      void cancelQueued.run({ subscriberId, reason, now: now.toISOString() }),
    /** Whether a job of this kind for the subscriber is still waiting or being sent. */
    hasPending: (subscriberId: number, kind: string) => pending.get(subscriberId, kind) !== undefined,
  };
}

/** The mail jobs of one database. */
export type MailJobs = ReturnType<typeof mailJobs>;
