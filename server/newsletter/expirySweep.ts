import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { subscriberStatements } from './subscriberStore.ts';
import { periodicTask, type PeriodicTask } from '../scheduler/periodicTask.ts';
import { applyRetention } from './retention.ts';

/** How often the services delete sign-ups whose confirmation link expired (docs/constants.md#timings). */
export const EXPIRY_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes every sign-up whose confirmation link expired before `now`, with its consent log and queued mails; an
 * address that had been subscribed before goes back to `UNSUBSCRIBED` without the data of the sign-up it never
 * confirmed (the rules of `purgeExpired`, docs/newsletter.md#double-opt-in). Then the WAL is checkpointed, so no copy
 * of the erased rows stays on disk. Answers how many sign-ups went.
 */
export async function purgeExpiredSignUps(database: SharedDatabase, now: Date): Promise<number> {
  const purged = await database.atomically((db) => subscriberStatements.purgeExpired(db, now.toISOString()));
  if (purged > 0) database.afterErasure();
  return purged;
}

/**
 * One run of the sweep: the expired sign-ups, then the retention table (docs/newsletter.md#what-stays-after-erasure).
 * Answers how many rows went or were cleared.
 */
export async function sweepExpiredAndRetained(database: SharedDatabase, now: Date): Promise<number> {
  return (await purgeExpiredSignUps(database, now)) + (await applyRetention(database, now));
}

/** Settings of the sweeper; all optional, for tests. */
export interface ExpirySweeperOptions {
  intervalMs?: number;
  /** The time the sweep judges by. */
  now?: () => Date;
  log?: Pick<Console, 'log' | 'error'>;
  /** The sweep itself; by default `sweepExpiredAndRetained`. */
  sweep?: (database: SharedDatabase, now: Date) => Promise<number>;
}

/** The background sweep of expired sign-ups. */
export type ExpirySweeper = PeriodicTask;

/**
 * Runs `sweepExpiredAndRetained` at start and every `intervalMs`, so unconfirmed sign-ups go once their link expires on a
 * quiet shop too, not only when somebody else signs up (docs/newsletter.md#double-opt-in). A failed run (the database
 * locked by another process, a full disk) is logged and the next one tries again: one error never ends the loop.
 * Several instances may sweep at once; each statement re-checks its condition.
 */
export function expirySweeper(database: SharedDatabase, options: ExpirySweeperOptions = {}): ExpirySweeper {
  const {
    intervalMs = EXPIRY_SWEEP_INTERVAL_MS,
    now = () => new Date(),
    log = console,
    sweep = sweepExpiredAndRetained,
  } = options;
  return periodicTask({
    name: 'The sweep of expired newsletter sign-ups and retention',
    intervalMs,
    round: () => sweep(database, now()),
    done: (purged) =>
      `Deleted ${purged} unconfirmed newsletter sign-up(s) whose link expired, or data past its retention (docs/newsletter.md#double-opt-in, docs/newsletter.md#what-stays-after-erasure).`,
    log,
  });
}
