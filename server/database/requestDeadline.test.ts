import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { DatabaseWaitError, isDatabaseTimingOut } from './databaseTimeout.ts';
import { createPostgresTestDatabase, postgresTestUrl, type PostgresTestDatabase } from './postgresTestDatabase.ts';
import { databaseDeadline, remainingMs, withDeadline } from './requestDeadline.ts';
import { openPostgresDatabase, type SharedDatabase } from './sharedDatabase.ts';

// The bound on a request's database work (docs/operations.md#when-postgresql-is-down): its clock starts with the first
// statement; waits for a connection and statements end by the deadline.

describe('the deadline', () => {
  test('outside a request there is none; inside, it counts from the first look, per request', async () => {
    expect(remainingMs()).toBe(Number.POSITIVE_INFINITY);
    const app = new Hono().use(databaseDeadline(6000)).get('/', (c) => {
      const first = remainingMs(1_000_000);
      return c.json({ first, later: remainingMs(1_002_500) });
    });
    expect(await (await app.request('/')).json()).toEqual({ first: 6000, later: 3500 });
    // Without a bound (SQLite) the request has none.
    const unbounded = new Hono().use(databaseDeadline(undefined)).get('/', (c) => c.json({ left: remainingMs() }));
    expect(await (await unbounded.request('/')).json()).toEqual({ left: null });
  });
});

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.skipIf(!postgresTestUrl())('the bounded pool on PostgreSQL', () => {
  async function open(settings: { poolSize: number; statementTimeoutMs: number; acquireTimeoutMs: number }) {
    const database: PostgresTestDatabase = await createPostgresTestDatabase();
    const shared: SharedDatabase = openPostgresDatabase({ url: database.url, ...settings });
    cleanups.push(
      () => database.drop(),
      () => shared.close(),
    );
    await shared.ready();
    return shared;
  }
  const timeout = (shared: SharedDatabase) =>
    sql<{ statement_timeout: string }>`SHOW statement_timeout`
      .execute(shared.kysely)
      .then((r) => r.rows[0]!.statement_timeout);

  test('a statement near its request’s deadline runs with the time left as its time-out; the next one outside gets the usual back', async () => {
    const shared = await open({ poolSize: 1, statementTimeoutMs: 5000, acquireTimeoutMs: 1000 });
    expect(await timeout(shared)).toBe('5s');
    const lowered = await withDeadline(800, () => timeout(shared));
    expect(Number(lowered.replace(/ms$/, ''))).toBeLessThanOrEqual(800);
    expect(await timeout(shared)).toBe('5s');
  });

  test('a request past its deadline starts no statement; a saturated pool answers a busy wait, not an outage', async () => {
    const shared = await open({ poolSize: 1, statementTimeoutMs: 2000, acquireTimeoutMs: 300 });
    const late = withDeadline(10, async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      remainingMs();
      return sql`select 1`.execute(shared.kysely);
    });
    await expect(late).rejects.toBeInstanceOf(DatabaseWaitError);
    // One connection, held by a statement that sleeps: the next statement's wait runs out, and that is "busy".
    const holding = sql`select pg_sleep(1)`.execute(shared.kysely);
    const waiting = await sql`select 1`.execute(shared.kysely).catch((error: unknown) => error);
    expect(waiting).toBeInstanceOf(DatabaseWaitError);
    expect(isDatabaseTimingOut(waiting)).toBe(true);
    await holding;
  });
});
