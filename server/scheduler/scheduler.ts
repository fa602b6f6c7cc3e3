import type { Shutdown } from '../shutdown.ts';

/** Background work the scheduler starts and stops: a periodic task, or a worker with loops of its own. */
export interface BackgroundWork {
  start(): void;
  /** Stops the work; resolves once what is under way is done (or given up when `signal` aborts). */
  stop(signal?: AbortSignal): Promise<void> | void;
}

/** The one home of an instance's background work (docs/architecture.md#background-work). */
export interface Scheduler {
  /** Adds work under the name its shutdown line gives it; started with the others by `start()`. */
  add(name: string, work: BackgroundWork): void;
  /** Starts every piece of work, in the order added (once the server listens). */
  start(): void;
  /** Stops every piece of work at once and waits for them all. */
  stop(signal?: AbortSignal): Promise<void>;
  /** The names of the work, in the order added. */
  readonly names: readonly string[];
  /**
   * Registers each piece of work's stop with the shutdown, under its name, and so each piece added later
   * (docs/operations.md#stopping-the-server).
   */
  stopOnShutdown(shutdown: Shutdown): void;
}

/**
 * Keeps an instance's background work in one place: the sweeps, the mail sender, the İYS sync, the publisher and the
 * footer versions' refresh are added at start, started once the server listens and stopped on shutdown, each with its
 * own log lines. Work added after `start()` starts at once.
 */
export function createScheduler(): Scheduler {
  const work = new Map<string, BackgroundWork>();
  let started = false;
  let shutdownOf: Shutdown | undefined;
  return {
    add(name, piece) {
      if (work.has(name)) throw new Error(`Background work "${name}" is added twice`);
      work.set(name, piece);
      shutdownOf?.onShutdown(name, (signal) => piece.stop(signal));
      if (started) piece.start();
    },
    start() {
      if (started) return;
      started = true;
      for (const piece of work.values()) piece.start();
    },
    async stop(signal) {
      started = false;
      await Promise.all([...work.values()].map((piece) => piece.stop(signal)));
    },
    get names() {
      return [...work.keys()];
    },
    stopOnShutdown(shutdown) {
      shutdownOf = shutdown;
      for (const [name, piece] of work) shutdown.onShutdown(name, (signal) => piece.stop(signal));
    },
  };
}
