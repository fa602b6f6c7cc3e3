import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { openDatabase } from '../db.ts';
import { inTransaction } from './sqliteTransaction.ts';
import pg from 'pg';
import { openPostgresDatabase, sharedDatabaseOf } from './sharedDatabase.ts';
import { createPostgresTestDatabase, postgresTestUrl } from './postgresTestDatabase.ts';
import { sharedMigrations } from './sharedMigrations.ts';
import { testEngines, type TwoInstances } from './testEngines.ts';
import { windowCounter } from '../throttle/windowCounter.ts';
import { failureBackoff } from '../throttle/failureBackoff.ts';

// The shared data layer on both engines: two instances on one database, as behind a load balancer.
let open: TwoInstances | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe.each(testEngines)('$engine', ({ open: openInstances }) => {
  test('two instances starting together apply each migration step once', async () => {
    open = await openInstances();
    const applied = await Promise.all([open.first.migrate(), open.second.migrate()]);
    expect(applied.flat()).toEqual(sharedMigrations.map((step) => step.name));
    const steps = await open.first.kysely.selectFrom('schema_steps').select('name').execute();
    expect(steps.map((row) => row.name)).toEqual(sharedMigrations.map((step) => step.name));
    // Started again, nothing is left to apply.
    expect(await open.second.migrate()).toEqual([]);
  });

  test('a failed step leaves nothing behind and is applied on the next start', async () => {
    open = await openInstances();
    const broken = [
      ...sharedMigrations,
      {
        name: '9999_broken',
        // eslint-disable-next-line require-yield -- a step that fails before its first statement
        *up() {
          throw new Error('disk full');
        },
      },
    ];
    await expect(open.first.migrate(broken)).rejects.toThrow('disk full');
    // The whole run rolled back: not even the earlier steps are recorded.
    expect(await open.first.migrate()).toEqual(sharedMigrations.map((step) => step.name));
  });

  test('hits from two instances at once are each counted once: 60 parallel hits, counts 1 to 60', async () => {
    open = await openInstances();
    const counters = [windowCounter(open.first, 60_000), windowCounter(open.second, 60_000)];
    await Promise.all([open.first.ready(), open.second.ready()]);
    const now = Date.now();
    const counts = await Promise.all(
      Array.from({ length: 60 }, (_, i) => counters[i % 2]!.hit('signup:198.51.100.1', now)),
    );
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    // A new window starts afresh.
    expect((await counters[0]!.hit('signup:198.51.100.1', now + 60_000)).hits).toBe(1);
  });

  test('40 parallel wrong guesses over two instances: exactly the 5 free ones are let through', async () => {
    // The clock stands still: the first wait (1 s) must not run out on a busy machine before it is read.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    open = await openInstances();
    const options = { firstDelayMs: 1000, maxDelayMs: 60_000 };
    const backoffs = [failureBackoff(open.first, 'login', options), failureBackoff(open.second, 'login', options)];
    const keys = [{ key: 'account:staff', free: 5 }];
    const reservations = await Promise.all(Array.from({ length: 40 }, (_, i) => backoffs[i % 2]!.reserve(keys)));
    expect(reservations.filter((reservation) => reservation.granted)).toHaveLength(5);
    expect(await backoffs[1]!.retryAfter(keys)).toBeGreaterThan(0);
    // Each success hands its count back, which lifts the wait the fifth one started.
    for (const reservation of reservations) if (reservation.granted) await reservation.refund();
    expect(await backoffs[0]!.retryAfter(keys)).toBe(0);
  });
});

test('SQLite: atomic bodies leave no transaction open between awaits for the synchronous stores to stumble on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atomic-'));
  const db = openDatabase(path.join(dir, 'test.sqlite'));
  try {
    const backoff = failureBackoff(sharedDatabaseOf(db), 'login', { firstDelayMs: 1000, maxDelayMs: 60_000 });
    // Logins reserving while a sign-up writes through the synchronous store on the same connection at every turn.
    const reservations = Promise.all(
      Array.from({ length: 30 }, (_, i) => backoff.reserve([{ key: `account:${i % 3}`, free: 5 }])),
    );
    let writes = 0;
    let settled = false;
    void reservations.finally(() => (settled = true));
    while (!settled) {
      inTransaction(db, () => db.prepare('SELECT 1 AS one').get());
      writes += 1;
      await null;
    }
    expect((await reservations).filter((reservation) => reservation.granted)).toHaveLength(15);
    expect(writes).toBeGreaterThan(1);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe.skipIf(!postgresTestUrl())('PostgreSQL', () => {
  test('a start waits for another instance’s schema steps longer than a statement may take', async () => {
    const database = await createPostgresTestDatabase();
    const settings = { url: database.url, poolSize: 2, statementTimeoutMs: 300 };
    const holder = new pg.Client({ connectionString: database.url });
    const starting = openPostgresDatabase(settings);
    try {
      await holder.connect();
      // Another instance in the middle of its steps: it holds the migration lock until the starting one has waited
      // for it five statement time-outs long (PostgreSQL's lock table says since when a request waits).
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(280001)');
      const applied = starting.migrate();
      const waitedMs = async () => {
        const { rows } = await holder.query<{ ms: number }>(
          `SELECT extract(epoch FROM clock_timestamp() - waitstart) * 1000 AS ms FROM pg_locks
           WHERE locktype = 'advisory' AND objid = 280001 AND NOT granted AND waitstart IS NOT NULL`,
        );
        return rows.length > 0 ? Number(rows[0]!.ms) : 0;
      };
      // A start that gives up meanwhile fails the test with its own error.
      await Promise.race([
        vi.waitFor(async () => expect(await waitedMs()).toBeGreaterThan(5 * settings.statementTimeoutMs), {
          timeout: 15_000,
          interval: 50,
        }),
        applied.then(() => expect.fail('the start went on while another instance held the migration lock')),
      ]);
      await holder.query('COMMIT');
      expect(await applied).toEqual(sharedMigrations.map((step) => step.name));
    } finally {
      await holder.end();
      await starting.close();
      await database.drop();
    }
  });
});
