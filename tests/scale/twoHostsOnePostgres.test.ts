import { afterEach, beforeEach, expect, test } from 'vitest';
import { createPostgresTestDatabase, postgresTestUrl } from '../../server/database/postgresTestDatabase.ts';
import type { PostgresTestDatabase } from '../../server/database/postgresTestDatabase.ts';
import { openPostgresDatabase } from '../../server/database/sharedDatabase.ts';
import { DEMO_SHOPPER } from '../../server/preview/staffAccounts.ts';
import { GENERATED_SECRETS, loadSecrets, serverSecret } from '../../server/secrets.ts';
import { startTestServer, type TestServer } from '../../server/testing.ts';

// Two instances on two hosts, one PostgreSQL (DATABASE_URL) between them and no SQLite file
// (docs/operations.md#several-instances). What one signs, the other accepts: the generated secrets live in PostgreSQL.
const available = postgresTestUrl() !== undefined;
let database: PostgresTestDatabase;
let hosts: TestServer[] = [];

beforeEach(async () => {
  if (!available) return;
  database = await createPostgresTestDatabase();
  hosts = await Promise.all([0, 1].map(() => startTestServer({ mail: false, env: { DATABASE_URL: database.url } })));
});
afterEach(async () => {
  if (!available) return;
  for (const host of hosts) await host.close();
  await database.drop();
});

const csrf = { cookie: 'csrf_token=t0k3n', 'x-csrf-token': 't0k3n' };

test.skipIf(!available)('a shopper logged in through one host is known to the other, by its login token', async () => {
  const [first, second] = hosts as [TestServer, TestServer];
  const login = await fetch(`${first.origin}/service/login/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrf },
    body: JSON.stringify(DEMO_SHOPPER),
  });
  expect(login.status).toBe(200);
  const token = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!.split('='))
    .find(([name]) => name === 'login_token')?.[1];
  expect(token).toBeTruthy();

  const baseData = await fetch(`${second.origin}/service/newsletter/api/internal/customers/base-data`, {
    headers: { 'x-login-token': token! },
  });
  expect(baseData.status).toBe(200);
  expect(((await baseData.json()) as { email: string }).email).toBe(DEMO_SHOPPER.username);
  const renewal = await fetch(`${second.origin}/service/login/api/v1/logintoken/renew`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-login-token': token!, ...csrf },
    body: '{}',
  });
  // 200: the token is current (401 would be a token this host cannot verify).
  expect(renewal.status).toBe(200);
});

test.skipIf(!available)(
  'two instances starting together on PostgreSQL make one set of secrets and both sign with it',
  async () => {
    const database2 = await createPostgresTestDatabase();
    const shared = [0, 1].map(() =>
      openPostgresDatabase({ url: database2.url, poolSize: 2, statementTimeoutMs: 5000 }),
    );
    try {
      await Promise.all(shared.map((one) => loadSecrets(one)));
      for (const name of GENERATED_SECRETS)
        expect(serverSecret(shared[1]!, name), name).toBe(serverSecret(shared[0]!, name));
      expect(serverSecret(shared[0]!, 'loginToken')).not.toBe(serverSecret(shared[0]!, 'longTermToken'));
    } finally {
      for (const one of shared) await one.close();
      await database2.drop();
    }
  },
);
