import pg from 'pg';
import { PERSONAL_DATA_COLUMNS } from './sharedMigrations.ts';

/**
 * How long `npm run db:compact` waits for a table's lock before it lets the instances go on and tries again: a
 * `VACUUM FULL` queued behind a long transaction would hold up every statement queued behind it (docs/constants.md).
 */
export const COMPACT_LOCK_WAIT_MS = 2000;

/** How often `npm run db:compact` tries one table's lock before it leaves that table for the next run. */
export const COMPACT_LOCK_ATTEMPTS = 5;

/** What compacting one table did. */
export interface CompactedTable {
  table: string;
  /** Bytes of the table with its indexes and TOAST before and after; undefined when the table was left. */
  bytesBefore: number;
  bytesAfter: number | undefined;
  ms: number;
  /** Why the table was left as it was (its lock not free), or undefined. */
  skipped?: string;
}

/** Settings of a compaction run; all optional, for tests. */
export interface CompactionOptions {
  lockWaitMs?: number;
  attempts?: number;
  /** The pause between two tries of one table's lock, in ms. */
  retryPauseMs?: number;
  log?: (line: string) => void;
}

/** A PostgreSQL `lock_timeout` error. */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Rewrites every table that holds personal data (docs/operations.md#erasure-on-postgresql) with `VACUUM FULL`, so the
 * dead copies of erased or changed rows leave the table files: plain `VACUUM` only marks their space reusable and
 * leaves the bytes on disk until a page is written again. Safe beside running instances: one table at a time, each
 * locked only while it is rewritten (for the small tables of a shop, milliseconds to seconds, during which the
 * instances' statements on it wait within their own bound, docs/operations.md#when-postgresql-is-slow); the lock is
 * asked for with a short `lock_timeout`, so the run never queues behind a long transaction while holding up everyone
 * else, and tried again a few times. Then a `CHECKPOINT`, where the role may (superuser or `pg_checkpoint`), so the
 * old files are removed at once and the new pages are on disk. Answers what it did per table.
 */
export async function compactPersonalData(url: string, options: CompactionOptions = {}): Promise<CompactedTable[]> {
  const {
    lockWaitMs = COMPACT_LOCK_WAIT_MS,
    attempts = COMPACT_LOCK_ATTEMPTS,
    retryPauseMs = 1000,
    log = () => {},
  } = options;
  const client = new pg.Client({ connectionString: url, application_name: 'storefront-db-compact' });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${Math.round(lockWaitMs)}`);
    await client.query('SET statement_timeout = 0');
    const done: CompactedTable[] = [];
    for (const table of Object.keys(PERSONAL_DATA_COLUMNS)) {
      const size = async () =>
        Number(
          (await client.query<{ bytes: string }>('SELECT pg_total_relation_size($1::regclass) AS bytes', [table]))
            .rows[0]!.bytes,
        );
      const bytesBefore = await size();
      const started = Date.now();
      let skipped: string | undefined;
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.query(`VACUUM (FULL) ${pg.escapeIdentifier(table)}`);
          skipped = undefined;
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
          skipped = `its lock was not free within ${lockWaitMs} ms, ${attempt} times`;
          if (attempt >= attempts) break;
          await new Promise((resolve) => setTimeout(resolve, retryPauseMs));
        }
      }
      const result: CompactedTable = {
        table,
        bytesBefore,
        bytesAfter: skipped ? undefined : await size(),
        ms: Date.now() - started,
        ...(skipped && { skipped }),
      };
      log(
        skipped
          ? `${table}: left as it was (${skipped}); run again later`
          : `${table}: rewritten in ${result.ms} ms (${bytesBefore} → ${result.bytesAfter} bytes)`,
      );
      done.push(result);
    }
    try {
      await client.query('CHECKPOINT');
      log('checkpoint: done (the old table files are gone, the new pages on disk)');
    } catch (error) {
      log(
        `checkpoint: not allowed for this role (${(error as Error).message}); PostgreSQL removes the old, emptied files at its next checkpoint`,
      );
    }
    return done;
  } finally {
    await client.end();
  }
}
