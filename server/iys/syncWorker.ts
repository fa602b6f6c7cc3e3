import type { MailJobs } from '../mail/mailJobs.ts';
import { retryDelayMs } from '../mail/retry.ts';
import { maskedLog } from '../mail/maskAddresses.ts';
import { buildLease } from '../publish/buildLease.ts';
import type { IysClient } from './client.ts';
import { periodicTask, type PeriodicTask } from '../scheduler/periodicTask.ts';
import { iysSyncStatements as queue } from './syncQueue.ts';

/** The lease that lets one instance at a time send the queue, in order (docs/operations.md#several-instances). */
const IYS_SYNC_LEASE = 'iys-sync';
/** How long the İYS sync lease holds without being renewed: a dead sender's turn passes on after this. */
export const IYS_SYNC_LEASE_TTL_MS = 2 * 60 * 1000;

/** How often the worker looks for İYS registrations to send (docs/constants.md#timings). */
export const IYS_SYNC_INTERVAL_MS = 60 * 1000;
/** The first retry after İYS was busy or unreachable; doubles per attempt (docs/constants.md#timings). */
export const IYS_RETRY_FIRST_MS = 60 * 1000;
/** The longest wait between two attempts of one registration (docs/constants.md#timings). */
export const IYS_RETRY_MAX_MS = 60 * 60 * 1000;

/** Settings of the worker; all optional, for tests. */
export interface IysSyncWorkerOptions {
  intervalMs?: number;
  retryFirstMs?: number;
  retryMaxMs?: number;
  /** The time the worker judges by. */
  now?: () => Date;
  log?: Pick<Console, 'log' | 'warn' | 'error'>;
}

/**
 * The background İYS sync, a periodic task (docs/architecture.md#background-work): `stop()` waits for a run under way
 * (its answer is recorded before the database closes); `runOnce()` sends what is due now and never rejects.
 */
export type IysSyncWorker = PeriodicTask;

/**
 * Sends the `iys_sync` queue to İYS (docs/newsletter.md#iys) at start, every `intervalMs` and whenever mail is queued
 * (a confirmation queues its welcome mail with its ONAY), strictly in order (a
 * withdrawal never overtakes the consent before it): `accepted` with İYS's request id, releasing the welcome mail held
 * for it; 5xx, 429, network errors and time-outs are tried again after a doubling delay (capped), and the run stops
 * there (İYS is busy); any other 4xx marks the row `failed` and is logged as an error, since only an operator can fix
 * it (docs/operations.md#iys). A failed run (the database locked) is logged and the next one tries again.
 */
export function iysSyncWorker(jobs: MailJobs, client: IysClient, options: IysSyncWorkerOptions = {}): IysSyncWorker {
  const {
    intervalMs = IYS_SYNC_INTERVAL_MS,
    retryFirstMs = IYS_RETRY_FIRST_MS,
    retryMaxMs = IYS_RETRY_MAX_MS,
    now = () => new Date(),
    log: plainLog = console,
  } = options;
  // İYS's answers may quote the registration's address: masked in the log (docs/security.md#data-at-rest).
  const log = maskedLog(plainLog);
  const { database } = jobs;
  const lease = buildLease(database, { name: IYS_SYNC_LEASE, ttlMs: IYS_SYNC_LEASE_TTL_MS });
  const dueRow = async () => {
    const row = await database.run((db) => queue.oldestPending(db));
    return row && Date.parse(row.next_attempt_at) <= now().getTime() ? row : undefined;
  };

  /** One round: the due rows in order, while the lease stays ours (each row renews it). */
  async function sendDue() {
    for (let first = true; ; first = false) {
      // The scheduler took the lease for the first row; each next one renews it (a dead sender's turn passes on).
      if (!first && !(await lease.acquire()).held) return;
      const row = await dueRow();
      if (!row) return;
      const outcome = await client.register({
        recipient: row.recipient,
        status: row.status,
        at: new Date(row.consent_date),
      });
      const at = now();
      if (outcome.kind === 'accepted') {
        if (await database.atomically((db) => queue.accepted(db, row.id, outcome.requestId, at))) jobs.notify();
        continue;
      }
      if (outcome.kind === 'refused') {
        await database.run((db) => queue.failed(db, row.id, outcome.error, at));
        log.error(
          `İYS refused registration ${row.id} (${row.status}, shop ${row.shop}): ${outcome.error}. It is marked failed and not sent again until an operator fixes and retries it (docs/operations.md#iys).`,
        );
        continue;
      }
      const next = new Date(at.getTime() + retryDelayMs(row.attempts + 1, retryFirstMs, retryMaxMs));
      await database.run((db) => queue.retryAt(db, row.id, next, outcome.error));
      const overdue = Date.parse(row.deadline) < at.getTime() ? ` It is past its deadline ${row.deadline}.` : '';
      (overdue ? log.error : log.warn)(
        `İYS did not take registration ${row.id} (${outcome.error}); trying again at ${next.toISOString()}.${overdue}`,
      );
      return;
    }
  }

  return periodicTask({
    name: 'The İYS sync',
    intervalMs,
    round: sendDue,
    // A confirmation queues its welcome mail and its ONAY together: the ONAY goes at once, not a minute later.
    wakeOn: (wake) => jobs.onQueued(wake),
    // Several instances on one database: one sends at a time, so rows go to İYS once and in order. The lease is a
    // write: taken only when something is due.
    due: async () => (await dueRow()) !== undefined,
    lease,
    log,
  });
}
