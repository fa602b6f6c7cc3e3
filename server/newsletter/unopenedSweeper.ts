import type { DatabaseSync } from 'node:sqlite';
import type { MailJobs } from '../mail/mailJobs.ts';
import { lapseUnopened } from './unopenedLapse.ts';

/** How often the services end subscriptions that have gone unopened too long (docs/constants.md#timings). */
export const UNOPENED_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Settings of the sweeper; all optional, for tests. */
export interface UnopenedSweeperOptions {
  intervalMs?: number;
  /** The time the sweep judges by. */
  now?: () => Date;
  log?: Pick<Console, 'log' | 'error'>;
  /** The sweep itself; by default `lapseUnopened`. */
  sweep?: (db: DatabaseSync, jobs: MailJobs, now: Date) => number;
}

/** The background sweep: start it once the server listens, stop it before the database closes. */
export interface UnopenedSweeper {
  start(): void;
  stop(): void;
  /** Runs one sweep now (what the timer does); never throws: a failure is logged and the next run tries again. */
  runOnce(): void;
}

/**
 * Runs `lapseUnopened` at start and every `intervalMs` (docs/newsletter.md#opens-and-the-tr-two-year-rule). A failed
 * run (the database locked by another process, a full disk) is logged and the next one tries again: one error never
 * ends the loop. Several instances on one database may sweep at once; each UPDATE re-checks its condition, so a
 * subscription ends once.
 */
export function unopenedSweeper(
  db: DatabaseSync,
  jobs: MailJobs,
  options: UnopenedSweeperOptions = {},
): UnopenedSweeper {
  const {
    intervalMs = UNOPENED_SWEEP_INTERVAL_MS,
    now = () => new Date(),
    log = console,
    sweep = lapseUnopened,
  } = options;
  let timer: NodeJS.Timeout | undefined;

  function runOnce() {
    try {
      const ended = sweep(db, jobs, now());
      if (ended > 0)
        log.log(
          `Ended ${ended} newsletter subscription(s) unopened too long (docs/newsletter.md#opens-and-the-tr-two-year-rule).`,
        );
    } catch (error) {
      log.error(
        `The sweep of unopened newsletter subscriptions failed: ${error instanceof Error ? error.message : String(error)}. It runs again in ${Math.round(intervalMs / 1000)} s.`,
      );
    }
  }

  function schedule() {
    timer = setTimeout(() => {
      runOnce();
      if (timer) schedule();
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (timer) return;
      runOnce();
      schedule();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
    runOnce,
  };
}
