/** Password hashes (scrypt, 128 MB each at full cost) the login service runs at the same time (docs/constants.md#limits). */
export const LOGIN_HASH_CONCURRENCY = 4;
/** Logins that may wait for a hash slot; one more is refused with 503 and `Retry-After` (docs/constants.md#limits). */
export const LOGIN_HASH_QUEUE = 64;

/** Caps how many password hashes run at once; `started` and `peak` let tests and operators see what ran. */
export interface HashGate {
  /**
   * Runs `hash` once a slot is free (first come, first served), or answers undefined at once when
   * `LOGIN_HASH_QUEUE` logins are waiting already: nothing is hashed then.
   */
  run<T>(hash: () => Promise<T>): Promise<T> | undefined;
  /** Hashes started so far. */
  readonly started: number;
  /** The most hashes that ran at the same time. */
  readonly peak: number;
}

/**
 * A hash gate with `concurrency` slots and room for `queue` waiting logins. Without it a burst of logins from many
 * clients starts one 128 MB scrypt each (docs/errors.md#login-throttle).
 */
export function hashGate(concurrency = LOGIN_HASH_CONCURRENCY, queue = LOGIN_HASH_QUEUE): HashGate {
  const waiting: (() => void)[] = [];
  let running = 0;
  let started = 0;
  let peak = 0;

  async function inSlot<T>(hash: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    started += 1;
    peak = Math.max(peak, running);
    try {
      return await hash();
    } finally {
      // The slot passes straight to the next waiting login, so `running` never drops while some wait.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    run: (hash) => (running >= concurrency && waiting.length >= queue ? undefined : inSlot(hash)),
    get started() {
      return started;
    },
    get peak() {
      return peak;
    },
  };
}
