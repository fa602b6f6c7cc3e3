import type { MailJobs } from '../mail/mailJobs.ts';
import { lapseUnopened } from './unopenedLapse.ts';
import { periodicTask, type PeriodicTask } from '../scheduler/periodicTask.ts';

/** How often the services end subscriptions that have gone unopened too long (docs/constants.md#timings). */
export const UNOPENED_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Settings of the sweeper; all optional, for tests. */
export interface UnopenedSweeperOptions {
  intervalMs?: number;
  /** The time the sweep judges by. */
  now?: () => Date;
  log?: Pick<Console, 'log' | 'error'>;
  /** The sweep itself; by default `lapseUnopened`. */
  sweep?: (jobs: MailJobs, now: Date) => Promise<number>;
}

/** The background sweep of subscriptions unopened too long. */
export type UnopenedSweeper = PeriodicTask;

/**
 * Runs `lapseUnopened` at start and every `intervalMs` (docs/newsletter.md#opens-and-the-tr-two-year-rule). A failed
 * run (the database locked by another process, a full disk) is logged and the next one tries again: one error never
 * ends the loop. Several instances on one database may sweep at once; each UPDATE re-checks its condition, so a
 * subscription ends once.
 */
export function unopenedSweeper(jobs: MailJobs, options: UnopenedSweeperOptions = {}): UnopenedSweeper {
  const {
    intervalMs = UNOPENED_SWEEP_INTERVAL_MS,
    now = () => new Date(),
    log = console,
    sweep = lapseUnopened,
  } = options;
  return periodicTask({
    name: 'The sweep of unopened newsletter subscriptions',
    intervalMs,
    round: () => sweep(jobs, now()),
    done: (ended) =>
      `Ended ${ended} newsletter subscription(s) unopened too long (docs/newsletter.md#opens-and-the-tr-two-year-rule).`,
    log,
  });
}
