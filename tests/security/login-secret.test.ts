import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { signLoginToken } from '../../server/login/loginToken.ts';
import { serverSecret } from '../../server/secrets.ts';
import { loginPost, startTestServer, type TestServer } from './login-helpers.ts';

let server: TestServer;
let other: DatabaseSync;
beforeEach(async () => {
  server = await startTestServer();
  other = new DatabaseSync(path.join(server.dir, 'test.sqlite'));
  other.exec('PRAGMA busy_timeout = 0');
});
afterEach(async () => {
  if (other.isTransaction) other.exec('ROLLBACK');
  other.close();
  await server.close();
});

test('login-token checks read the secret only: they keep working while another writer holds the database lock', async () => {
  const now = Math.floor(Date.now() / 1000);
  const token = signLoginToken(
    { lid: 'demo-customer', exp: now + 100, ren: now - 1 },
    serverSecret(server.db, 'loginToken'),
  );
  other.exec("BEGIN IMMEDIATE; INSERT INTO settings (name, value) VALUES ('lock-holder', 'x')");

  const renewal = await loginPost(server, '/logintoken/renew', {}, { 'x-login-token': token });
  expect(renewal.status).toBe(201);
  const baseData = await fetch(`${server.origin}/service/newsletter/api/internal/customers/base-data`, {
    headers: { 'x-login-token': token },
  });
  expect(baseData.status).toBe(200);
});
