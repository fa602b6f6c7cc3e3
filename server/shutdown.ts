/**
 * Graceful shutdown (docs/operations.md#stopping-the-server): on SIGTERM or SIGINT everything registered here is asked
 * to stop at once and in parallel, the HTTP server first among equals (it stops accepting and answers what it has
 * received), background work beside it (the publisher's build, a mail sender). Each task gets a signal that aborts
 * when its time is up; the whole shutdown is over within `SHUTDOWN_TIMEOUT_MS`, then the process exits 0.
 */

/** The longest a shutdown takes, from the signal to the exit (docs/constants.md#timings). */
export const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Tasks are told to give up this long before the end, so they can still close what they hold (docs/constants.md#timings). */
export const ABORT_MARGIN_MS = 1000;

/**
 * Stops or drains one piece of work. It should return (or resolve) once the work is stopped; when `signal` aborts, it
 * must give up waiting and stop hard (destroy connections, kill a build's process group). Work that is not finished,
 * such as queued e-mails, stays where it is kept, for the next start.
 */
export type ShutdownTask = (signal: AbortSignal) => Promise<void> | void;

export interface Shutdown {
  /** Registers work to stop on shutdown, under a name for the log; returns a function that unregisters it. */
  onShutdown(name: string, task: ShutdownTask): () => void;
  /** Runs every registered task (once, however often it is called); resolves when all are done or time is up. */
  run(reason: string): Promise<void>;
  /** Whether a shutdown has begun: new work should not start. */
  readonly started: boolean;
}

export interface ShutdownOptions {
  timeoutMs?: number;
  log?: (line: string) => void;
}

export function createShutdown({
  timeoutMs = SHUTDOWN_TIMEOUT_MS,
  log = (line) => console.log(`[shutdown] ${line}`),
}: ShutdownOptions = {}): Shutdown {
  const tasks = new Map<symbol, { name: string; task: ShutdownTask }>();
  let running: Promise<void> | undefined;

  async function runAll(reason: string): Promise<void> {
    const started = Date.now();
    const controller = new AbortController();
    const pending = new Set([...tasks.values()].map((entry) => entry.name));
    log(`${reason}: stopping ${[...pending].join(', ') || 'nothing'} (at most ${timeoutMs / 1000} s)`);
    const abortTimer = setTimeout(
      () => {
        log(`still waiting for ${[...pending].join(', ')}: stopping them now`);
        controller.abort();
      },
      Math.max(0, timeoutMs - ABORT_MARGIN_MS),
    );
    let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => (deadlineTimer = setTimeout(resolve, timeoutMs)));
    const all = Promise.all(
      [...tasks.values()].map(async ({ name, task }) => {
        try {
          await task(controller.signal);
        } catch (error) {
          log(`${name} failed to stop: ${(error as Error).message}`);
        } finally {
          pending.delete(name);
        }
      }),
    );
    await Promise.race([all, deadline]);
    clearTimeout(abortTimer);
    clearTimeout(deadlineTimer);
    log(
      pending.size === 0
        ? `done in ${((Date.now() - started) / 1000).toFixed(1)} s`
        : `gave up on ${[...pending].join(', ')}`,
    );
  }

  return {
    onShutdown(name, task) {
      const key = Symbol(name);
      tasks.set(key, { name, task });
      return () => void tasks.delete(key);
    },
    run(reason) {
      running ??= runAll(reason);
      return running;
    },
    get started() {
      return running !== undefined;
    },
  };
}

/** How long `finish` (closing the databases) may take before the process exits anyway. */
const FINISH_GRACE_MS = 2000;

/**
 * Runs `shutdown` on the first SIGTERM or SIGINT (`npm start`'s Ctrl-C sends both to the server: the second one joins
 * the first), then `finish` (close the databases, at most `FINISH_GRACE_MS`), then exits 0.
 */
export function shutDownOnSignals(shutdown: Shutdown, finish: () => void | Promise<void>): void {
  const onSignal = (signal: NodeJS.Signals) => {
    void shutdown.run(signal).then(async () => {
      const closed = Promise.resolve()
        .then(finish)
        .catch((error: unknown) => console.error(`Closing the databases failed: ${String(error)}`));
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, FINISH_GRACE_MS).unref())]);
      process.exit(0);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
