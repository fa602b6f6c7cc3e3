import { maskAddressesIn } from '../mail/maskAddresses.ts';

/** A lease that lets one instance at a time run a task (docs/architecture.md#background-work). */
export interface TaskLease {
  /** Takes the lease when it is free, expired or already ours (then it is extended). */
  acquire(): Promise<{ held: boolean }>;
  /** Gives the lease up, if it is still ours. */
  release(): Promise<void>;
}

/** What a periodic task does and when (docs/architecture.md#background-work). */
export interface PeriodicTaskSpec {
  /** What the task is, as its log lines name it: "The sweep of expired newsletter sign-ups". */
  name: string;
  /** The wait between two rounds (each task's is in docs/constants.md#timings). */
  intervalMs: number;
  /**
   * One round of work; may answer how many things it changed. A round that throws or rejects is logged, and the next
   * one runs all the same: one error never ends the task.
   */
  round: () => number | void | Promise<number | void>;
  /** The line for a round that changed something; without it, rounds are silent and only failures are logged. */
  done?: (count: number) => string;
  /** Whether the first round runs at start (the default) or one interval later. */
  atStart?: boolean;
  /** The wait after a round when it is not `intervalMs` (the publisher waits for the next scheduled version). */
  nextWaitMs?: () => number;
  /** Signals that there is work: the task runs at once, or again right after the round under way. Returns its unsubscribe. */
  wakeOn?: (wake: () => void) => () => void;
  /** Work that must run on one instance at a time: a round runs only while this lease is ours; given up at stop. */
  lease?: TaskLease;
  /** Asked before the lease is taken (a write), so an idle task does not write every interval. */
  due?: () => Promise<boolean>;
  log?: Pick<Console, 'log' | 'error'>;
}

/** A periodic task: started once the server listens, stopped before the database closes. */
export interface PeriodicTask {
  readonly name: string;
  start(): void;
  /** Stops the timer and the wake-ups; resolves once the round under way is done and the lease given up. */
  stop(): Promise<void>;
  /** Runs a round now, or once more right after the one under way; resolves when it is done. Never rejects. */
  runOnce(): Promise<void>;
  /** Computes the wait to the next round anew (when what `nextWaitMs` reads has changed). */
  reschedule(): void;
}

/**
 * Runs `spec.round` at start, every `intervalMs` (or `nextWaitMs()`) and at each wake-up, one round at a time: a
 * wake-up during a round runs one more right after it. A failed round is logged with its addresses masked and the
 * next one tries again. The timer does not keep the process alive.
 */
export function periodicTask(spec: PeriodicTaskSpec): PeriodicTask {
  const { name, intervalMs, round, done, atStart = true, nextWaitMs, wakeOn, lease, due, log = console } = spec;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let running: Promise<void> | undefined;
  let again = false;
  let unsubscribe: (() => void) | undefined;

  const failed = (error: unknown) => {
    const reason = maskAddressesIn(error instanceof Error ? error.message : String(error));
    log.error(`${name} failed: ${reason}. It runs again in ${Math.round(intervalMs / 1000)} s.`);
  };

  async function oneRound(): Promise<void> {
    try {
      if (due && !(await due())) return;
      if (lease && !(await lease.acquire()).held) return;
      const changed = await round();
      if (done && typeof changed === 'number' && changed > 0) log.log(done(changed));
    } catch (error) {
      failed(error);
    }
  }

  async function untilQuiet(): Promise<void> {
    do {
      again = false;
      await oneRound();
    } while (again && started);
  }

  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = untilQuiet().finally(() => (running = undefined));
    return running;
  }

  function reschedule() {
    clearTimeout(timer);
    if (!started) return;
    const wait = nextWaitMs ? Math.max(0, nextWaitMs()) : intervalMs;
    timer = setTimeout(() => {
      void runOnce();
      reschedule();
    }, wait);
    timer.unref();
  }

  return {
    name,
    start() {
      if (started) return;
      started = true;
      unsubscribe = wakeOn?.(() => void runOnce());
      if (atStart) void runOnce();
      reschedule();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
      again = false;
      await running;
      await lease?.release().catch(() => {});
    },
    runOnce,
    reschedule,
  };
}
