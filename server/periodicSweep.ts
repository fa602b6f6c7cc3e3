import { maskAddressesIn } from './mail/maskAddresses.ts';

/** A background sweep: start it once the server listens, stop it before the database closes. */
export interface PeriodicSweep {
  start(): void;
  stop(): void;
  /**
   * Runs one sweep now (what the timer does); never throws or rejects: a failure is logged and the next run tries
   * again. An asynchronous sweep is done when the answer settles.
   */
  runOnce(): void | Promise<void>;
}

/** What a sweep says in the log. */
export interface SweepMessages {
  /** The line for a run that changed something, with how many things it changed. */
  done: (count: number) => string;
  /** What failed, e.g. "The sweep of expired newsletter sign-ups". */
  failed: string;
}

/**
 * Runs `sweep` at start and every `intervalMs` (docs/operations.md#mail-outbox-operators names the sweeps). A failed
 * run (the database locked by another process, a full disk) is logged and the next one tries again: one error never
 * ends the loop. The timer does not keep the process alive.
 */
export function periodicSweep(
  sweep: () => number | Promise<number>,
  messages: SweepMessages,
  intervalMs: number,
  log: Pick<Console, 'log' | 'error'> = console,
): PeriodicSweep {
  let timer: NodeJS.Timeout | undefined;

  const failed = (error: unknown) => {
    const reason = maskAddressesIn(error instanceof Error ? error.message : String(error));
    log.error(`${messages.failed} failed: ${reason}. It runs again in ${Math.round(intervalMs / 1000)} s.`);
  };
  const done = (count: number) => {
    if (count > 0) log.log(messages.done(count));
  };

  function runOnce(): void | Promise<void> {
    try {
      const count = sweep();
      if (typeof count === 'number') return done(count);
      return count.then(done, failed);
    } catch (error) {
      failed(error);
    }
  }

  function schedule() {
    timer = setTimeout(() => {
      void runOnce();
      if (timer) schedule();
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (timer) return;
      void runOnce();
      schedule();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
    runOnce,
  };
}
