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

/** What `reserve` answers: either the wait, or a counted attempt that a success may hand back with `refund`. */
export type Reservation =
  { granted: false; retryAfter: number } | { granted: true; refund: (keys?: readonly BackoffKey[]) => void };

/** One key's part of a reservation: the entry it counted on, the count it left and the wait it found. */
interface Held {
  key: string;
  entry: Failures;
  countAfter: number;
  blockedBefore: number;
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

  function retryAfter(keys: readonly BackoffKey[]): number {
    const now = Date.now();
    const until = Math.max(0, ...keys.map(({ key }) => current(key, now)?.blockedUntil ?? 0));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  function failed(keys: readonly BackoffKey[]): Held[] {
    const now = Date.now();
    return keys.map(({ key, free }) => {
      const entry = current(key, now) ?? { count: 0, blockedUntil: 0, lastAt: now };
      const blockedBefore = entry.blockedUntil;
      entry.count += 1;
      entry.lastAt = now;
      if (entry.count >= free)
        entry.blockedUntil = now + Math.min(options.maxDelayMs, options.firstDelayMs * 2 ** (entry.count - free));
      // Re-inserted so the map stays in least-recently-failed order and the oldest key goes first when full.
      failures.delete(key);
      failures.set(key, entry);
      if (failures.size > options.maxKeys) failures.delete(failures.keys().next().value!);
      return { key, entry, countAfter: entry.count, blockedBefore };
    });
  }

  /** Takes one counted attempt back; the wait it started goes too unless another attempt was counted since. */
  function refund({ key, entry, countAfter, blockedBefore }: Held): void {
    if (failures.get(key) !== entry) return;
    if (entry.count === countAfter) entry.blockedUntil = blockedBefore;
    entry.count -= 1;
    if (entry.count <= 0) failures.delete(key);
  }

  return {
    /** Seconds to wait before an attempt on these keys may be checked, or 0. */
    retryAfter,
    /** Counts a failed attempt against every key. */
    failed(keys: readonly BackoffKey[]): void {
      failed(keys);
    },
    /**
     * Checks and counts in one step, before the slow check runs: an attempt is counted as failed the moment it is let
     * through, so attempts arriving together meet the same waits as attempts in a row (docs/errors.md). A success, or
     * an attempt never checked, hands its count back with `refund` (only on the keys given, or on all of them).
     */
    reserve(keys: readonly BackoffKey[]): Reservation {
      const wait = retryAfter(keys);
      if (wait > 0) return { granted: false, retryAfter: wait };
      const held = failed(keys);
      return {
        granted: true,
        refund: (only = keys) => held.filter((h) => only.some(({ key }) => key === h.key)).forEach(refund),
      };
    },
    /** Forgets a key's failures. */
    clear(key: string): void {
      failures.delete(key);
    },
  };
}
