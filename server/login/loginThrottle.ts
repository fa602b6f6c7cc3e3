import type { Context } from 'hono';
import { failureBackoff, socketAddress, type BackoffOptions } from '../throttle/failureBackoff.ts';

/** Failed logins a key may have before backoff starts, the first and the longest wait, and how many keys are kept. */
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
  maxKeys: 10_000,
};

/**
 * Throttles failed logins per account name and per client with exponential backoff: after the free attempts each
 * failure doubles the wait (up to `maxDelayMs`). The account key is the name as typed, so an unknown name is
 * throttled exactly like a real one and the answers do not tell them apart. See docs/errors.md.
 */
export function loginThrottle(options: LoginThrottleOptions = defaultLoginThrottle) {
  const backoff = failureBackoff(options);
  const keysOf = (c: Context, username: string) => [
    { key: `account:${username.toLowerCase()}`, free: options.freeAttemptsPerAccount },
    { key: `client:${socketAddress(c)}`, free: options.freeAttemptsPerClient },
  ];

  return {
    /** Seconds the caller must wait before this attempt may be checked, or 0. */
    retryAfter: (c: Context, username: string): number => backoff.retryAfter(keysOf(c, username)),
    /** Counts a failed attempt against the account and the client. */
    failed: (c: Context, username: string): void => backoff.failed(keysOf(c, username)),
    /** A successful login clears its account's count; the client's count stays, so one good account cannot reset it. */
    succeeded: (username: string): void => backoff.clear(`account:${username.toLowerCase()}`),
  };
}
