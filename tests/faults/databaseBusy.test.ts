import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { DATABASE_BUSY_BACKOFF_MS, DATABASE_BUSY_RETRY_AFTER_SECONDS } from '../../server/databaseBusy.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../../server/newsletter/testClient.ts';
import { startTestServer, type TestServer } from '../../server/testing.ts';

// Another process holds the database's write lock (a backup, an operator's sqlite3 shell, a second instance): the
// services answer 503 with Retry-After at once instead of stalling the whole process, store nothing from the refused
// requests, and work again as soon as the lock is released (docs/operations.md#database-busy).
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;
let other: DatabaseSync;

beforeEach(async () => {
  server = await startTestServer();
  client = newsletterTestClient(server, `${server.dir}/outbox`);
  other = new DatabaseSync(path.join(server.dir, 'test.sqlite'));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (other.isTransaction) other.exec('ROLLBACK');
  other.close();
  await server.close();
});

const subscribers = () => (server.db.prepare('SELECT count(*) AS n FROM subscribers').get() as { n: number }).n;

test('while another process holds the write lock, 20 sign-ups get 503 with Retry-After, promptly, and store nothing', async () => {
  const subscribed = await client.subscribed({ email: 'reader@example.com' });
  other.exec('BEGIN IMMEDIATE');
  // Promptly: only the first sign-up waits for the lock (DATABASE_BUSY_TIMEOUT_MS); the others, within the back-off
  // window after it, give up at once. SQLite's old 2 s wait per request made these 20 take 40 s. Counted, not timed:
  // the clock stands still, so all 20 fall in one window however slowly a busy machine answers them.
  vi.useFakeTimers({ toFake: ['Date'] });
  const lockAttempts = vi.spyOn(DatabaseSync.prototype, 'exec');
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      client.subscribe({ email: `locked${index}@example.com`, consents: [] }, { site: 'DE' }),
    ),
  );
  // The services' own connection (the server's other loops keep theirs).
  const serverLockAttempts = lockAttempts.mock.calls.filter(
    ([statement], index) => statement === 'BEGIN IMMEDIATE' && lockAttempts.mock.contexts[index] === server.db,
  );
  expect(serverLockAttempts).toHaveLength(1);
  lockAttempts.mockRestore();
  const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ type: string }>));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(503));
  expect(new Set(answers.map((answer) => answer.headers.get('retry-after')))).toEqual(
    new Set([String(DATABASE_BUSY_RETRY_AFTER_SECONDS)]),
  );
  expect(new Set(bodies.map((body) => body.type))).toEqual(new Set(['urn:service:database_busy']));
  // Reading is not held up by another process's write lock.
  expect((await client.json('GET', `${SUBSCRIBERS}/${subscribed}`)).status).toBe(200);
  other.exec('ROLLBACK');
  expect(subscribers()).toBe(1);
  // The clock past the window in which a write found busy a moment ago makes others give up at once.
  vi.setSystemTime(Date.now() + DATABASE_BUSY_BACKOFF_MS);
  expect((await client.subscribe({ email: 'after@example.com', consents: [] }, { site: 'DE' })).status).toBe(201);
  expect(subscribers()).toBe(2);
});

test('a plain sign-up form posted while the database is locked comes back with 503 and Retry-After, storing nothing', async () => {
  other.exec('BEGIN IMMEDIATE');
  const answer = await fetch(`${server.origin}/pl/newsletter/sign-up/`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.origin,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams({
      newsletterEmail: 'form@example.com',
      website: '',
      page: '/pl/',
      placement: 'page',
    }).toString(),
  });
  expect([answer.status, answer.headers.get('retry-after')]).toEqual([503, String(DATABASE_BUSY_RETRY_AFTER_SECONDS)]);
  other.exec('ROLLBACK');
  expect(subscribers()).toBe(0);
});
