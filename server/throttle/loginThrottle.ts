import type { Context } from 'hono';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { failureBackoff, socketAddress, type BackoffOptions, type Reservation } from './failureBackoff.ts';

/** Failed logins a key may have before backoff starts, and the first and the longest wait. */
export interface LoginThrottleOptions extends BackoffOptions {
  freeAttemptsPerAccount: number;
  freeAttemptsPerClient: number;
}

/** The login throttle's limits (docs/constants.md#limits). */
export const defaultLoginThrottle: LoginThrottleOptions = {
  freeAttemptsPerAccount: 5,
  freeAttemptsPerClient: 20,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
};

/**
 * Throttles failed logins per account name and per client with exponential backoff: after the free attempts each
 * failure doubles the wait (up to `maxDelayMs`). The account key is the name as typed, so an unknown name is
 * throttled exactly like a real one and the answers do not tell them apart. An attempt is counted as failed before its
 * password is hashed (`reserve`), so a burst of parallel guesses meets the same 429s as guesses in a row; a success
 * hands its count back. The counts live in the shared database, so every instance enforces the same waits. See
 * docs/errors.md#login-throttle.
 */
export function loginThrottle(shared: SharedDatabase, options: LoginThrottleOptions = defaultLoginThrottle) {
  const backoff = failureBackoff(shared, 'login', options);
  const keysOf = (c: Context, username: string) => [
    { key: `account:${username.toLowerCase()}`, free: options.freeAttemptsPerAccount },
    { key: `client:${socketAddress(c)}`, free: options.freeAttemptsPerClient },
  ];

  return {
    /**
     * Before any hashing: the wait (429) when the account or the client must wait, else the attempt counted as a
     * failure against both, to be handed back by `succeeded` or `unchecked`.
     */
    reserve: (c: Context, username: string): Promise<Reservation> => backoff.reserve(keysOf(c, username)),
    /**
     * A successful login clears its account's count and hands the client its reserved attempt back; the client's
     * earlier failures stay, so one good account cannot reset them.
     */
    succeeded: async (username: string, reservation: Reservation): Promise<void> => {
      if (reservation.granted) await reservation.refund();
      await backoff.clear(`account:${username.toLowerCase()}`);
    },
    /** An attempt that was never checked (no hash slot) does not count. */
    unchecked: async (reservation: Reservation): Promise<void> => {
      if (reservation.granted) await reservation.refund();
    },
  };
}
