import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createPostgresTestDatabase, postgresTestUrl } from '../../server/database/postgresTestDatabase.ts';
import type { PostgresTestDatabase } from '../../server/database/postgresTestDatabase.ts';
import { openPostgresDatabase } from '../../server/database/sharedDatabase.ts';
import { newsletterTestClient } from '../../server/newsletter/testClient.ts';
import { DEMO_STAFF } from '../../server/preview/staffAccounts.ts';
import { startTestServer, type TestServer } from '../../server/testing.ts';
import { DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS } from '../../src/shared/config.ts';
import { tcpProxy, type TcpProxy } from '../support/tcpProxy.ts';
import { postForm as postFormAs } from '../security/edge-helpers.ts';

// The shared PostgreSQL goes away under a running instance (docs/operations.md#when-postgresql-is-down): the health
// call says so with 503 and the reason, the calls that need it answer 503 with Retry-After within the statement
// time-out (never 500, never a hang), nothing is stored from them, and once it is back the instance works again by
// itself. A loopback proxy in front of the test cluster stands for the network between them.
const available = postgresTestUrl() !== undefined;
const STATEMENT_TIMEOUT_MS = 1000;
const ADMIN_TOKEN = 'postgres-down-admin-token-0123456789';

let database: PostgresTestDatabase;
let proxy: TcpProxy;
let server: TestServer;
let distDir: string;

beforeEach(async () => {
  if (!available) return;
  database = await createPostgresTestDatabase();
  const target = new URL(database.url);
  proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  viaProxy.password = 'not-shown-anywhere';
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-down-site-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>shop</title>');
  server = await startTestServer({
    distDir,
    mail: false,
    env: {
      DATABASE_URL: viaProxy.toString(),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      PROMOTION_ADMIN_TOKEN: ADMIN_TOKEN,
    },
  });
});
afterEach(async () => {
  if (!available) return;
  await server.close();
  await proxy.close();
  await database.drop();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** The subscribers stored in PostgreSQL, counted over a connection of the test's own (not through the proxy). */
async function subscribers(): Promise<number> {
  const direct = openPostgresDatabase({ url: database.url, poolSize: 1, statementTimeoutMs: 5000 });
  try {
    const row = await direct.kysely
      .selectFrom('subscribers')
      .select((count) => count.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await direct.close();
  }
}
const health = () => fetch(`${server.origin}/service/health`);
const csrf = { cookie: 'csrf_token=t0k3n', 'x-csrf-token': 't0k3n' };

/** The staff login, whose throttle counts in the shared database. */
const logIn = () =>
  fetch(`${server.origin}/service/login/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrf },
    body: JSON.stringify(DEMO_STAFF),
  });

/** The staff member's preview check, with the session cookie of a login; the session lives in PostgreSQL. */
const checkAuth = (cookie: string) =>
  fetch(`${server.origin}/service/preview/api/auth/checkauth`, { headers: { cookie } });

/** An admin call: its token's failure backoff counts in PostgreSQL. */
const versionsList = () =>
  fetch(`${server.origin}/service/promotion/api/promotion/SHOP_FOOTER/versions`, {
    headers: { site: 'DE', authorization: `Bearer ${ADMIN_TOKEN}` },
  });

/** The plain sign-up form of the DE shop, as a browser without JavaScript posts it. */
const postForm = (email: string) =>
  postFormAs(server.origin, '/de/newsletter/sign-up/', {
    newsletterEmail: email,
    website: '',
    page: '/de/',
    placement: 'page',
  });

test.skipIf(!available)(
  'PostgreSQL away: health and calls answer 503 with the reason, promptly, store nothing; back: it works again',
  async () => {
    const client = newsletterTestClient(server, `${server.dir}/outbox`);
    expect((await health()).status).toBe(200);
    expect((await client.subscribe({ email: 'before@example.com', consents: [] }, { site: 'DE' })).status).toBe(201);
    const staff = await logIn();
    expect(staff.status).toBe(200);
    const session = staff.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    expect((await checkAuth(session)).status).toBe(200);
    expect((await versionsList()).status).toBe(200);

    await proxy.cut();
    const started = Date.now();
    const down = await health();
    const downBody = (await down.json()) as { type: string; reason: string };
    expect([down.status, downBody.type]).toEqual([503, 'urn:service:database_unreachable']);
    expect(downBody.reason).not.toBe('');
    expect(JSON.stringify(downBody)).not.toContain('not-shown-anywhere');

    const signUps = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        client.subscribe({ email: `down${index}@example.com`, consents: [] }, { site: 'DE' }),
      ),
    );
    const bodies = await Promise.all(signUps.map((answer) => answer.json() as Promise<{ type: string }>));
    expect(signUps.map((answer) => answer.status)).toEqual(Array(5).fill(503));
    expect(new Set(bodies.map((body) => body.type))).toEqual(new Set(['urn:service:database_unreachable']));
    expect(signUps.every((answer) => answer.headers.get('retry-after') !== null)).toBe(true);

    const form = await postForm('form-down@example.com');
    expect([form.status, form.headers.get('retry-after') !== null]).toEqual([503, true]);
    expect((await logIn()).status).toBe(503);
    const check = await checkAuth(session);
    expect([check.status, await check.json()]).toEqual([503, { status: 'INTERNAL_ERROR' }]);
    const versions = await versionsList();
    expect([versions.status, ((await versions.json()) as { type: string }).type]).toEqual([
      503,
      'urn:service:database_unreachable',
    ]);
    // A hang guard, not a benchmark: six answers in a row, each bounded by the request's database bound (the
    // connection wait plus the statement time-out), with half as much again for a loaded machine. A hang would not end.
    const requestBoundMs = DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS + STATEMENT_TIMEOUT_MS;
    expect(Date.now() - started).toBeLessThan(6 * requestBoundMs * 1.5);
    expect(await subscribers()).toBe(1);

    await proxy.restore();
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);
    expect((await client.subscribe({ email: 'after@example.com', consents: [] }, { site: 'DE' })).status).toBe(201);
    expect((await postForm('form-after@example.com')).status).toBe(303);
    expect((await logIn()).status).toBe(200);
    expect((await checkAuth(session)).status).toBe(200);
    expect((await versionsList()).status).toBe(200);
    expect(await subscribers()).toBe(3);
  },
  60_000,
);
