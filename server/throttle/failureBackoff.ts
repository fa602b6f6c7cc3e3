import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The first and the longest wait after the free attempts, and how many keys are kept. */
export interface BackoffOptions {
  firstDelayMs: number;
  maxDelayMs: number;
  maxKeys: number;
}

/** A key failures are counted on, and how many failures it may have before the waits start. */
export interface BackoffKey {
  key: string;
  free: number;
}

interface Failures {
  count: number;
  blockedUntil: number;
  lastAt: number;
}

/** The client's address as the socket saw it (no proxy headers are trusted here). */
export function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Counts failed attempts per key with exponential backoff: after a key's free attempts each failure doubles its wait
 * (from `firstDelayMs` up to `maxDelayMs`). A key quiet for the longest wait is forgotten, and the least recently
 * failed key goes first once `maxKeys` are kept. The staff login and the admin token use it (docs/errors.md).
 */
export function failureBackoff(options: BackoffOptions) {
  const failures = new Map<string, Failures>();

  function current(key: string, now: number): Failures | undefined {
    const entry = failures.get(key);
    if (entry && now - Math.max(entry.lastAt, entry.blockedUntil) > options.maxDelayMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  }

  return {
    /** Seconds to wait before an attempt on these keys may be checked, or 0. */
    retryAfter(keys: readonly BackoffKey[]): number {
      const now = Date.now();
      const until = Math.max(0, ...keys.map(({ key }) => current(key, now)?.blockedUntil ?? 0));
      return until > now ? Math.ceil((until - now) / 1000) : 0;
    },
    /** Counts a failed attempt against every key. */
    failed(keys: readonly BackoffKey[]): void {
      const now = Date.now();
      for (const { key, free } of keys) {
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
    /** Forgets a key's failures. */
    clear(key: string): void {
      failures.delete(key);
    },
  };
}
