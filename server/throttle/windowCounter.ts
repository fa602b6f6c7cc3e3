import { sql } from 'kysely';
import { rowsOf } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';

/** A key's count in its current window, and when that window began (ms since 1970). */
export interface WindowCount {
  hits: number;
  windowStart: number;
}

/**
 * Fixed-window counts kept in the shared database, so every instance on it counts the same requests: N instances
 * enforce the limit of one (docs/newsletter.md#rate-limit). One statement counts a hit and answers the new count, so
 * parallel requests on several instances are each counted once.
 */
export function windowCounter(shared: SharedDatabase, windowMs: number) {
  return {
    /** Counts one request on `key`, starting a new window when the last one is over. */
    async hit(key: string, now = Date.now()): Promise<WindowCount> {
      await shared.ready();
      const over = sql<boolean>`${now} - throttle_windows.window_start >= ${windowMs}`;
      const [row] = await shared.run(function* (db) {
        return yield* rowsOf(
          db
            .insertInto('throttle_windows')
            .values({ key, window_start: now, hits: 1, expires_at: now + windowMs })
            .onConflict((conflict) =>
              conflict.column('key').doUpdateSet({
                hits: sql`CASE WHEN ${over} THEN 1 ELSE throttle_windows.hits + 1 END`,
                window_start: sql`CASE WHEN ${over} THEN ${now} ELSE throttle_windows.window_start END`,
                expires_at: sql`CASE WHEN ${over} THEN ${now + windowMs} ELSE throttle_windows.expires_at END`,
              }),
            )
            .returning(['hits', 'window_start']),
        );
      });
      return { hits: Number(row!.hits), windowStart: Number(row!.window_start) };
    },
  };
}

/** Deletes the windows and failure counts that are over, so the tables hold only live keys. Answers how many went. */
export async function purgeExpiredThrottles(shared: SharedDatabase, now = Date.now()): Promise<number> {
  await shared.ready();
  return shared.run(function* (db) {
    const windows = yield* rowsOf(db.deleteFrom('throttle_windows').where('expires_at', '<', now).returning('key'));
    const failures = yield* rowsOf(db.deleteFrom('throttle_failures').where('expires_at', '<', now).returning('key'));
    return windows.length + failures.length;
  });
}
