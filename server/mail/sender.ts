import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../transaction.ts';
import type { MailJob, MailJobs } from './mailJobs.ts';
import { describeFailure, failureKind, retryDelayMs, withJitter } from './retry.ts';
import type { MailTransport, OutgoingMessage } from './transport.ts';
import { newSenderIdentity, senderGone, senderRunning } from './senderIdentity.ts';

/** How often a running sender looks for jobs another sender left behind when it died (docs/constants.md#timings). */
export const SETTLE_EVERY_MS = 60_000;
/** How many jobs a sender hands over at the same time, by default (docs/constants.md#limits). */
export const SENDER_CONCURRENCY = 2;

/** What the sender knows about one kind of job: how to write its message, and what else changes once it is sent. */
export interface MailKind {
  /** The message (its `Date` is the moment of hand-over), or null when it is no longer wanted (the job is cancelled). */
  render(job: MailJob): Promise<Omit<OutgoingMessage, 'date'> | null>;
  /** Runs in the transaction that marks the job sent (e.g. records when a confirmation went out). */
  sent?(job: MailJob, at: Date): void;
}

/** Settings of the sender. */
/** How long a stopping sender waits for the messages being handed over, by default (docs/constants.md#timings). */
export const SENDER_STOP_GRACE_MS = 1500;

export interface MailSenderOptions {
  db: DatabaseSync;
  jobs: MailJobs;
  transport: MailTransport;
  kinds: Readonly<Record<string, MailKind>>;
  /** First retry delay and its cap, in ms (`MAIL_RETRY_MS`, `MAIL_RETRY_MAX_MS`). */
  retry: { firstMs: number; maxMs: number };
  /** Longest idle wait between looks at the queue (jobs queued by another process are found this late). */
  pollMs?: number;
  /** How many jobs are handed over at the same time (SMTP connections in the pool). */
  concurrency?: number;
  /** How long `stop()` waits for a message being handed over before it gives up waiting. */
  stopGraceMs?: number;
  log?: Pick<Console, 'log' | 'warn' | 'error'>;
}

/** The background sender: start it once the server listens, stop it before the database closes. */
export interface MailSender {
  start(): void;
  /** Takes no new job, waits (at most the grace time) for the one being handed over; queued jobs stay queued. */
  stop(): Promise<void>;
}

/**
 * Delivers queued mail jobs one after the other (docs/newsletter.md#mail-delivery): claim (queued -> sending), render,
 * hand over, then sent; a refused or failed hand-over goes back to the queue with a growing delay (or to `failed` when
 * the refusal is final). At start, and every minute, it settles the jobs a dead sender left `sending` (never those of a
 * live one: see senderIdentity.ts): those not yet handed over go
 * back to the queue; of those being handed over, the file outbox resends them (it knows whether the file was
 * written), SMTP marks them `unknown` and never resends them (at most once).
 */
export function mailSender(options: MailSenderOptions): MailSender {
  const { db, jobs, transport, kinds, retry, pollMs = 1000, concurrency = SENDER_CONCURRENCY, stopGraceMs = SENDER_STOP_GRACE_MS, log = console } = options;
  let running = false;
  let loops: Promise<void> | undefined;
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of sleepers) wake();
  };
  let unsubscribe: (() => void) | undefined;
  // Failed attempts since the transport last worked: an outage is logged when it starts and when it ends, not once per
  // attempt of every queued job (each job keeps its own last_error).
  let failedSinceLastSuccess = 0;

  const self = newSenderIdentity();
  let settledAt = 0;

  function settleAbandoned() {
    settledAt = Date.now();
    for (const job of jobs.sending()) {
      if (!senderGone(job.claimed_by, job.claimed_at, self)) continue;
      if (job.handed_over_at === null) {
        jobs.recover(job.id, 'queued', 'interrupted before it was handed over: sent again');
      } else if (transport.knowsEarlierDeliveries) {
        jobs.recover(job.id, 'queued', 'interrupted while handed over: sent again, unless its file was written');
      } else {
        jobs.recover(job.id, 'unknown', 'interrupted while handed to SMTP: not sent again, it may have arrived');
        log.warn(`Mail job ${job.id} (${job.kind}, ${job.message_id}) was being handed to ${transport.description} when the services stopped; it is not sent again (see docs/newsletter.md#mail-delivery).`);
      }
    }
  }

  async function deliver(job: MailJob) {
    const now = new Date();
    if (job.not_after && Date.parse(job.not_after) < now.getTime()) {
      jobs.finish(job.id, 'cancelled', 'expired before it could be sent');
      return;
    }
    const kind = kinds[job.kind];
    try {
      if (!kind) throw new Error(`no mail kind ${job.kind}`);
      const message = await kind.render(job);
      if (message === null) {
        jobs.finish(job.id, 'cancelled', 'no longer wanted');
        return;
      }
      const delivery = await transport.send({ ...message, date: now }, { id: job.id, messageId: job.message_id }, () => jobs.handingOver(job.id));
      const at = new Date();
      inTransaction(db, () => {
        if (jobs.finish(job.id, 'sent', delivery === 'delivered' ? null : 'delivered by an earlier attempt', at)) kind.sent?.(job, at);
      });
      if (failedSinceLastSuccess > 0) {
        log.log(`Mail goes to ${transport.description} again (${failedSinceLastSuccess} attempts failed meanwhile, all retried)`);
        failedSinceLastSuccess = 0;
      }
    } catch (error) {
      const reason = describeFailure(error);
      if (failureKind(error) === 'permanent') {
        jobs.finish(job.id, 'failed', reason);
        log.error(`Mail job ${job.id} (${job.kind}) was refused for good by ${transport.description}: ${reason}`);
        return;
      }
      const delayMs = withJitter(retryDelayMs(job.attempts, retry.firstMs, retry.maxMs));
      jobs.retryAt(job.id, new Date(Date.now() + delayMs), reason);
      if (failedSinceLastSuccess === 0) {
        log.warn(`Mail cannot be handed to ${transport.description}: ${reason}. Jobs stay queued and are retried (first retry of job ${job.id} in ${Math.round(delayMs / 1000)} s).`);
      }
      failedSinceLastSuccess += 1;
    }
  }

  /** Waits until the next job is due, something is queued, or `stop()`; at most `pollMs`. */
  function idle(): Promise<void> {
    const due = jobs.nextDueAt();
    const waitMs = Math.max(0, Math.min(pollMs, due ? due.getTime() - Date.now() : pollMs));
    return new Promise((resolve) => {
      const timer = setTimeout(done, waitMs);
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
    });
  }

  async function work() {
    while (running) {
      if (Date.now() - settledAt > SETTLE_EVERY_MS) settleAbandoned();
      const job = jobs.claim(self);
      if (job) await deliver(job);
      else await idle();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      senderRunning(self, true);
      unsubscribe = jobs.onQueued(wakeAll);
      settleAbandoned();
      loops = Promise.all(Array.from({ length: concurrency }, work))
        .then(() => undefined)
        .catch((error: unknown) => {
          running = false;
          log.error('The mail sender stopped:', error);
        });
    },
    async stop() {
      if (!loops) return;
      running = false;
      unsubscribe?.();
      wakeAll();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, stopGraceMs)));
      await Promise.race([loops, grace]);
      clearTimeout(timer);
      loops = undefined;
      senderRunning(self, false);
      transport.close();
    },
  };
}
