import { countMailDelivery, type MailDeliveryResult } from '../metrics/serviceMetrics.ts';
import type { Kysely } from 'kysely';
import type { StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { mailJobStatements, type MailJob, type MailJobs } from './mailJobs.ts';
import { describeFailure, failureKind, refusedTheSender, retryDelayMs, withJitter } from './retry.ts';
import type { MailTransport, OutgoingMessage } from './transport.ts';
import { newSenderIdentity, senderGone, senderRunning } from './senderIdentity.ts';
import type { VerpAddresses } from './verp.ts';
import { maskAddressesIn, maskedLog } from './maskAddresses.ts';

/**
 * How often a running sender looks for jobs another sender left behind when it died: one small query, so that an
 * instance beside a crashed one takes its jobs over within seconds (docs/constants.md#timings).
 */
export const SETTLE_EVERY_MS = 5_000;
/**
 * How old a claim of this very sender must be before it counts as lost when no delivery of it is under way: a claim
 * whose commit reached PostgreSQL while the connection broke came back as an error, and the job would stay `sending`
 * for good (docs/constants.md#timings).
 */
export const OWN_CLAIM_LOST_MS = 30_000;
/** How many jobs a sender hands over at the same time, by default (docs/constants.md#limits). */
export const SENDER_CONCURRENCY = 2;

/** What the sender knows about one kind of job: how to write its message, and what else changes once it is sent. */
export interface MailKind {
  /** The message (its `Date` is the moment of hand-over), or null when it is no longer wanted (the job is cancelled). */
  render(job: MailJob): Promise<Omit<OutgoingMessage, 'date'> | null>;
  /** Statements of the transaction that marks the job sent (e.g. records when a confirmation went out). */
  sent?(db: Kysely<SharedTables>, job: MailJob, at: Date): StatementSteps<void>;
}

/** The longest pause between two tries of a sender that cannot reach its database (docs/constants.md#timings). */
export const SENDER_ERROR_BACKOFF_MAX_MS = 30_000;
/** How long a sender may be unable to work before `/service/health` reports it (docs/constants.md#timings). */
export const SENDER_STALL_REPORT_MS = 60_000;

/** How long a stopping sender waits for the messages being handed over, by default (docs/constants.md#timings). */
export const SENDER_STOP_GRACE_MS = 1500;

/** Settings of the sender. */
export interface MailSenderOptions {
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
  /**
   * The per-mail addresses (server/mail/verp.ts): every mail's envelope sender is its tagged `bounce+{job}-{tag}@…`
   * of `MAIL_BOUNCE_DOMAIN`. Without them the envelope sender is the `From` address.
   */
  verp?: VerpAddresses;
  /** Why a job must not go out (its address is suppressed: docs/newsletter.md#suppression), or undefined. */
  refusal?: (job: MailJob) => Promise<string | undefined>;
  /** How old an own claim no loop delivers must be to count as lost; by default {@link OWN_CLAIM_LOST_MS}. */
  ownClaimLostMs?: number;
}

/** The background sender: start it once the server listens, stop it before the database closes. */
export interface MailSender {
  start(): void;
  /** Takes no new job, waits (at most the grace time) for the one being handed over; queued jobs stay queued. */
  stop(): Promise<void>;
  /**
   * Undefined while the sender works (or is stopped); else since when it has been unable to work and why (its own
   * loop failing, e.g. a database locked by another process or a full disk: docs/newsletter.md#mail-delivery).
   */
  stalled(): { since: Date; reason: string } | undefined;
  /**
   * Resolves once every loop, having looked at the queue after this call, waits with no job queued at all (none due
   * now, none due later): every job queued before the call has been sent, cancelled, failed or marked unknown, and
   * no hand-over of this sender is under way. A look is asked for at once, so a job queued without `notify()` counts
   * too. Rejects when the sender is not running or stops meanwhile. For tests and tools that check what went out,
   * instead of waiting a while for a second mail that should not come.
   */
  drained(): Promise<void>;
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
  const {
    jobs,
    transport,
    kinds,
    retry,
    pollMs = 1000,
    concurrency = SENDER_CONCURRENCY,
    stopGraceMs = SENDER_STOP_GRACE_MS,
    log: plainLog = console,
    verp,
    refusal,
    ownClaimLostMs = OWN_CLAIM_LOST_MS,
  } = options;
  // SMTP servers quote the recipient in their refusals: every line the sender logs has its addresses masked
  // (docs/security.md#data-at-rest).
  const log = maskedLog(plainLog);
  let running = false;
  let loops: Promise<void> | undefined;
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of sleepers) wake();
  };
  // For drained(): how many looks at the queue have begun, and, by loop, the look after which a loop waits with
  // nothing queued (and how to wake it).
  let looks = 0;
  const emptyLooks = new Map<number, { look: number; wake: () => void }>();
  const drainWaiters: { after: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  function settleDrained() {
    if (emptyLooks.size < concurrency) return;
    const oldest = Math.min(...[...emptyLooks.values()].map((empty) => empty.look));
    for (const waiter of drainWaiters.filter((waiting) => waiting.after < oldest)) {
      drainWaiters.splice(drainWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
  let unsubscribe: (() => void) | undefined;
  // Failed attempts since the transport last worked: an outage is logged when it starts and when it ends, not once per
  // attempt of every queued job (each job keeps its own last_error).
  let failedSinceLastSuccess = 0;

  const self = newSenderIdentity();
  let settledAt = 0;
  /** The jobs this sender's loops are delivering now. */
  const delivering = new Set<number>();

  /**
   * A claim of this sender that no loop delivers and whose outcome is not owed, old enough not to be one whose
   * delivery is just starting.
   */
  const ownClaimLost = (job: MailJob) =>
    job.claimed_by === self &&
    !delivering.has(job.id) &&
    !owed.has(job.id) &&
    Date.now() - Date.parse(job.claimed_at ?? '') > ownClaimLostMs;

  async function settleAbandoned() {
    settledAt = Date.now();
    for (const job of await jobs.sending()) {
      if (!ownClaimLost(job) && !senderGone(job.claimed_by, job.claimed_at, self)) continue;
      if (job.handed_over_at === null) {
        await jobs.recover(job.id, 'queued', 'interrupted before it was handed over: sent again');
      } else if (transport.knowsEarlierDeliveries) {
        await jobs.recover(job.id, 'queued', 'interrupted while handed over: sent again, unless its file was written');
      } else {
        await jobs.recover(job.id, 'unknown', 'interrupted while handed to SMTP: not sent again, it may have arrived');
        log.warn(
          `Mail job ${job.id} (${job.kind}, ${job.message_id}) was being handed to ${transport.description} when the services stopped; it is not sent again (see docs/newsletter.md#mail-delivery).`,
        );
      }
    }
  }

  // Outcomes the database did not take when they happened (it was locked, the disk full), by job: written first
  // thing once it works again, so a job handed over is recorded as sent and never handed over twice.
  const owed = new Map<number, () => Promise<unknown>>();
  async function record(job: MailJob, outcome: () => Promise<unknown>) {
    try {
      await outcome();
      owed.delete(job.id);
    } catch (error) {
      owed.set(job.id, outcome);
      throw error;
    }
  }
  async function settleOwed() {
    for (const [id, outcome] of owed) {
      await outcome();
      owed.delete(id);
    }
  }

  async function deliver(job: MailJob): Promise<MailDeliveryResult> {
    const now = new Date();
    if (job.not_after && Date.parse(job.not_after) < now.getTime()) {
      await record(job, () => jobs.finish(job.id, 'cancelled', 'expired before it could be sent'));
      return 'expired';
    }
    const refused = await refusal?.(job);
    if (refused !== undefined) {
      await record(job, () => jobs.finish(job.id, 'cancelled', refused));
      return 'suppressed';
    }
    const kind = kinds[job.kind];
    let delivery: Awaited<ReturnType<MailTransport['send']>>;
    try {
      if (!kind) throw new Error(`no mail kind ${job.kind}`);
      const message = await kind.render(job);
      if (message === null) {
        await record(job, () => jobs.finish(job.id, 'cancelled', 'no longer wanted'));
        return 'cancelled';
      }
      // The envelope sender names the job, so a bounce finds it (docs/newsletter.md#suppression); From stays.
      const envelope = verp && { from: verp.address('bounce', job), to: job.recipient };
      delivery = await transport.send(
        { ...message, ...(envelope && { envelope }), date: now },
        { id: job.id, messageId: job.message_id },
        () => jobs.handingOver(job.id, new Date(), verp !== undefined),
      );
    } catch (error) {
      return failed(job, error);
    }
    const at = new Date();
    const note = delivery === 'delivered' ? null : 'delivered by an earlier attempt';
    await record(job, () =>
      jobs.database.atomically(function* (db) {
        if ((yield* mailJobStatements.finish(db, job.id, 'sent', note, at)) && kind.sent) yield* kind.sent(db, job, at);
      }),
    );
    if (failedSinceLastSuccess > 0) {
      log.log(
        `Mail goes to ${transport.description} again (${failedSinceLastSuccess} attempts failed meanwhile, all retried)`,
      );
      failedSinceLastSuccess = 0;
    }
    return 'sent';
  }

  /** Records a failed attempt: final, in doubt (never sent again), or back to the queue with a growing delay. */
  async function failed(job: MailJob, error: unknown): Promise<MailDeliveryResult> {
    const reason = describeFailure(error);
    const kindOfFailure = failureKind(error);
    if (kindOfFailure === 'permanent') {
      await record(job, () => jobs.finish(job.id, 'failed', reason));
      log.error(`Mail job ${job.id} (${job.kind}) was refused for good by ${transport.description}: ${reason}`);
      return 'failed';
    }
    if (kindOfFailure === 'unknown') {
      await record(job, () =>
        jobs.recover(job.id, 'unknown', `no answer after the whole message went out, it may have arrived: ${reason}`),
      );
      log.warn(
        `Mail job ${job.id} (${job.kind}, ${job.message_id}) got no answer from ${transport.description} after the whole message went out; it is not sent again (see docs/newsletter.md#mail-delivery).`,
      );
      return 'unknown';
    }
    const delayMs = withJitter(retryDelayMs(job.attempts, retry.firstMs, retry.maxMs));
    await record(job, () => jobs.retryAt(job.id, new Date(Date.now() + delayMs), reason));
    if (failedSinceLastSuccess === 0) {
      const whose = refusedTheSender(error)
        ? ' The server refuses our sender (address, login or host): check the mail settings and the relay.'
        : '';
      log.warn(
        `Mail cannot be handed to ${transport.description}: ${reason}.${whose} Jobs stay queued and are retried (first retry of job ${job.id} in ${Math.round(delayMs / 1000)} s).`,
      );
    }
    failedSinceLastSuccess += 1;
    return 'retry';
  }

  /**
   * Waits `waitMs`, or less when `stop()` or a newly queued job wakes the sender. `empty`: the loop found nothing
   * queued at that look, and waits for work until woken (see drained()).
   */
  function sleep(waitMs: number, empty?: { loop: number; look: number }): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, waitMs);
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        if (empty) emptyLooks.delete(empty.loop);
        resolve();
      }
      sleepers.add(done);
      if (empty) {
        emptyLooks.set(empty.loop, { look: empty.look, wake: done });
        // A look that began before a drained() call counts for none of them: look again at once.
        if (drainWaiters.some((waiter) => waiter.after >= empty.look)) done();
        else settleDrained();
      }
    });
  }

  /** Waits until the next job is due, something is queued, or `stop()`; at most `pollMs`. */
  async function idle(loop: number): Promise<void> {
    const look = ++looks;
    const due = await jobs.nextDueAt();
    if (!due) return sleep(pollMs, { loop, look });
    return sleep(Math.max(0, Math.min(pollMs, due.getTime() - Date.now())));
  }

  // The sender's own failures (its database locked by another process, a full disk): logged when they start and
  // when they end, tried again with a growing pause; the loop never ends for one.
  let stalledSince: Date | undefined;
  let stallReason = '';
  let failuresInARow = 0;
  function stalled(error: unknown): number {
    failuresInARow += 1;
    // Shown by `/service/health` too: masked like the log.
    stallReason = maskAddressesIn(describeFailure(error));
    if (!stalledSince) {
      stalledSince = new Date();
      log.error(
        `The mail sender cannot work: ${stallReason}. It keeps trying; queued mail waits (see docs/newsletter.md#mail-delivery).`,
      );
    }
    return Math.min(SENDER_ERROR_BACKOFF_MAX_MS, pollMs * 2 ** Math.min(failuresInARow - 1, 20));
  }
  function working() {
    if (stalledSince)
      log.log(`The mail sender works again after ${Math.round((Date.now() - stalledSince.getTime()) / 1000)} s.`);
    stalledSince = undefined;
    failuresInARow = 0;
  }

  async function work(loop: number) {
    while (running) {
      let pauseMs = 0;
      try {
        await settleOwed();
        if (Date.now() - settledAt > SETTLE_EVERY_MS) await settleAbandoned();
        const job = await jobs.claim(self);
        if (job) {
          delivering.add(job.id);
          try {
            countMailDelivery(job.kind, job.kind in kinds, await deliver(job));
          } finally {
            delivering.delete(job.id);
          }
        } else await idle(loop);
        working();
      } catch (error) {
        pauseMs = stalled(error);
      }
      if (pauseMs > 0 && running) await sleep(pauseMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      senderRunning(self, true);
      unsubscribe = jobs.onQueued(wakeAll);
      // Settled by the loops: at start too, the database may be busy.
      settledAt = 0;
      loops = Promise.all(Array.from({ length: concurrency }, (_, loop) => work(loop))).then(() => undefined);
    },
    async stop() {
      if (!loops) return;
      running = false;
      unsubscribe?.();
      for (const waiter of drainWaiters.splice(0)) waiter.reject(new Error('The mail sender stopped'));
      wakeAll();
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, stopGraceMs)));
      await Promise.race([loops, grace]);
      clearTimeout(timer);
      loops = undefined;
      senderRunning(self, false);
      transport.close();
    },
    stalled: () => (stalledSince ? { since: stalledSince, reason: stallReason } : undefined),
    drained() {
      if (!running) return Promise.reject(new Error('The mail sender is not running'));
      return new Promise((resolve, reject) => {
        drainWaiters.push({ after: looks, resolve, reject });
        // A fresh look by every loop waiting for work; the others look once their job or pause is done.
        for (const { wake } of [...emptyLooks.values()]) wake();
      });
    },
  };
}
