import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Failed logins a key may have before backoff starts, the first and the longest wait, and how many keys are kept. */
export interface LoginThrottleOptions {
  freeAttemptsPerAccount: number;
  freeAttemptsPerClient: number;
  firstDelayMs: number;
  maxDelayMs: number;
  maxKeys: number;
}

const defaultLoginThrottle: LoginThrottleOptions = {
  freeAttemptsPerAccount: 5,
  freeAttemptsPerClient: 20,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  maxKeys: 10_000,
};

interface Failures {
  count: number;
  blockedUntil: number;
  lastAt: number;
}

/** The client's address as the socket saw it (no proxy headers are trusted here). */
function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Throttles failed logins per account name and per client with exponential backoff: after the free attempts each
 * failure doubles the wait (up to `maxDelayMs`). The account key is the name as typed, so an unknown name is
 * throttled exactly like a real one and the answers do not tell them apart. See docs/errors.md.
 */
export function loginThrottle(options: LoginThrottleOptions = defaultLoginThrottle) {
  const failures = new Map<string, Failures>();
  const keysOf = (c: Context, username: string) => [
    { key: `account:${username.toLowerCase()}`, free: options.freeAttemptsPerAccount },
    { key: `client:${clientAddress(c)}`, free: options.freeAttemptsPerClient },
  ];

  /** A key's record, forgotten once it has been quiet for the longest wait. */
  function current(key: string, now: number): Failures | undefined {
    const entry = failures.get(key);
    if (entry && now - Math.max(entry.lastAt, entry.blockedUntil) > options.maxDelayMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** Seconds the caller must wait before this attempt may be checked, or 0. */
    retryAfter(c: Context, username: string): number {
      const now = Date.now();
      const until = Math.max(0, ...keysOf(c, username).map(({ key }) => current(key, now)?.blockedUntil ?? 0));
      return until > now ? Math.ceil((until - now) / 1000) : 0;
    },
    /** Counts a failed attempt against the account and the client. */
    failed(c: Context, username: string): void {
      const now = Date.now();
      for (const { key, free } of keysOf(c, username)) {
        const entry = current(key, now) ?? { count: 0, blockedUntil: 0, lastAt: now };
        entry.count += 1;
        entry.lastAt = now;
        if (entry.count >= free) entry.blockedUntil = now + Math.min(options.maxDelayMs, options.firstDelayMs * 2 ** (entry.count - free));
        // Re-inserted so the map stays in least-recently-failed order and the oldest key goes first when full.
        failures.delete(key);
        failures.set(key, entry);
        if (failures.size > options.maxKeys) failures.delete(failures.keys().next().value!);
      }
    },
    /** A successful login clears its account's count; the client's count stays, so one good account cannot reset it. */
    succeeded(username: string): void {
      failures.delete(`account:${username.toLowerCase()}`);
    },
  };
}
