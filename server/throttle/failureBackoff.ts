import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Kysely } from 'kysely';
import { rowsOf } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';

/** The first and the longest wait after the free attempts. */
export interface BackoffOptions {
  firstDelayMs: number;
  maxDelayMs: number;
}

/** A key failures are counted on, and how many failures it may have before the waits start. */
export interface BackoffKey {
  key: string;
  free: number;
}

/** What `reserve` answers: either the wait, or a counted attempt that a success may hand back with `refund`. */
export type Reservation =
  { granted: false; retryAfter: number } | { granted: true; refund: (keys?: readonly BackoffKey[]) => Promise<void> };

/** One key's part of a reservation: the run it counted on, the count it left and the wait it found. */
interface Held {
  key: string;
  streakStartedAt: number;
  countAfter: number;
  blockedBefore: number;
}

type FailureRow = SharedTables['throttle_failures'];

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
 * (from `firstDelayMs` up to `maxDelayMs`). A key quiet for the longest wait is forgotten. The counts live in the
 * shared database, so every instance on it sees the same waits (docs/errors.md#login-throttle). The staff login and
 * the admin token use it.
 */
export function failureBackoff(shared: SharedDatabase, name: string, options: BackoffOptions) {
  // Each user of the shared table counts under its own name: a wrong admin token is no failed staff login.
  const scoped = (keys: readonly BackoffKey[]) => keys.map(({ key, free }) => ({ key: `${name}:${key}`, free }));
  const forgotten = (row: FailureRow, now: number) =>
    now - Math.max(row.last_at, row.blocked_until) > options.maxDelayMs;
  const expiresAt = (blockedUntil: number, now: number) => Math.max(now, blockedUntil) + options.maxDelayMs;

  /** The keys' live rows, locked for this transaction (in key order, so two transactions cannot deadlock). */
  function* lockedRows(trx: Kysely<SharedTables>, keys: readonly BackoffKey[], now: number) {
    const rows = new Map<string, FailureRow>();
    for (const key of [...new Set(keys.map(({ key }) => key))].sort()) {
      const fresh = { key, failures: 0, blocked_until: 0, last_at: now, streak_started_at: now, expires_at: now };
      // An upsert that changes nothing locks the row on PostgreSQL (and creates it); SQLite's lock is the whole file.
      const [row] = yield* rowsOf(
        trx
          .insertInto('throttle_failures')
          .values(fresh)
          .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
          .returningAll(),
      );
      if (!row) throw new Error(`no throttle row for ${key}`);
      rows.set(key, forgotten(row, now) ? fresh : row);
    }
    return rows;
  }

  const waitOf = (rows: Map<string, FailureRow>, now: number) => {
    const until = Math.max(0, ...[...rows.values()].map((row) => row.blocked_until));
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  };

  function* countFailures(
    trx: Kysely<SharedTables>,
    keys: readonly BackoffKey[],
    rows: Map<string, FailureRow>,
    now: number,
  ) {
    const held: Held[] = [];
    for (const { key, free } of keys) {
      const row = rows.get(key)!;
      const failures = row.failures + 1;
      const blockedUntil =
        failures >= free
          ? now + Math.min(options.maxDelayMs, options.firstDelayMs * 2 ** (failures - free))
          : row.blocked_until;
      yield trx
        .updateTable('throttle_failures')
        .set({
          failures,
          blocked_until: blockedUntil,
          last_at: now,
          streak_started_at: row.streak_started_at,
          expires_at: expiresAt(blockedUntil, now),
        })
        .where('key', '=', key)
        .compile();
      held.push({
        key,
        streakStartedAt: row.streak_started_at,
        countAfter: failures,
        blockedBefore: row.blocked_until,
      });
    }
    return held;
  }

  /** Takes counted attempts back; the wait one started goes too unless another attempt was counted since. */
  async function refund(held: readonly Held[]): Promise<void> {
    if (held.length === 0) return;
    await shared.atomically(function* (trx) {
      for (const { key, streakStartedAt, countAfter, blockedBefore } of held) {
        const [row] = yield* rowsOf(
          trx
            .selectFrom('throttle_failures')
            .selectAll()
            .where('key', '=', key)
            .$if(shared.engine === 'postgres', (query) => query.forUpdate()),
        );
        if (!row || row.streak_started_at !== streakStartedAt || row.failures <= 0) continue;
        const failures = row.failures - 1;
        const blockedUntil = row.failures === countAfter ? blockedBefore : row.blocked_until;
        if (failures <= 0) yield trx.deleteFrom('throttle_failures').where('key', '=', key).compile();
        else
          yield trx
            .updateTable('throttle_failures')
            .set({ failures, blocked_until: blockedUntil })
            .where('key', '=', key)
            .compile();
      }
    });
  }

  return {
    /** Seconds to wait before an attempt on these keys may be checked, or 0. */
    async retryAfter(unscoped: readonly BackoffKey[], now = Date.now()): Promise<number> {
      const keys = scoped(unscoped);
      await shared.ready();
      const rows = await shared.run(function* (db) {
        return yield* rowsOf(
          db
            .selectFrom('throttle_failures')
            .selectAll()
            .where(
              'key',
              'in',
              keys.map(({ key }) => key),
            ),
        );
      });
      return waitOf(new Map(rows.filter((row) => !forgotten(row, now)).map((row) => [row.key, row])), now);
    },
    /** Counts a failed attempt against every key. */
    async failed(unscoped: readonly BackoffKey[], now = Date.now()): Promise<void> {
      const keys = scoped(unscoped);
      await shared.ready();
      await shared.atomically(function* (trx) {
        return yield* countFailures(trx, keys, yield* lockedRows(trx, keys, now), now);
      });
    },
    /**
     * Checks and counts in one transaction, before the slow check runs: an attempt is counted as failed the moment it
     * is let through, so attempts arriving together (on any instance) meet the same waits as attempts in a row
     * (docs/errors.md). A success, or an attempt never checked, hands its count back with `refund` (only on the keys
     * given, or on all of them).
     */
    async reserve(unscoped: readonly BackoffKey[], now = Date.now()): Promise<Reservation> {
      const keys = scoped(unscoped);
      await shared.ready();
      const held = await shared.atomically(function* (trx) {
        const rows = yield* lockedRows(trx, keys, now);
        const wait = waitOf(rows, now);
        return wait > 0 ? wait : yield* countFailures(trx, keys, rows, now);
      });
      if (typeof held === 'number') return { granted: false, retryAfter: held };
      return {
        granted: true,
        refund: (only = unscoped) => refund(held.filter((h) => scoped(only).some(({ key }) => key === h.key))),
      };
    },
    /** Forgets a key's failures. */
    async clear(key: string): Promise<void> {
      await shared.ready();
      await shared.run(function* (db) {
        yield db.deleteFrom('throttle_failures').where('key', '=', `${name}:${key}`).compile();
      });
    },
  };
}

/** The shared failure counter `failureBackoff` answers. */
export type FailureBackoff = ReturnType<typeof failureBackoff>;
