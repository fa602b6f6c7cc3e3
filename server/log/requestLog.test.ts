import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '../mail/localSmtpServer.ts';
import { newsletterTestClient } from '../newsletter/testClient.ts';
import { configureLog } from './serviceLog.ts';

// What the log holds while the services answer (docs/operations.md#logs, docs/security.md#what-the-logs-hold): one
// JSON object a line with LOG_FORMAT=json, the request id of the answer's header in its lines, and neither address
// nor confirmation link once mail goes through SMTP.
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  configureLog('text');
});

/** Every line the log writes from now on: each must be one JSON object on one line. */
function jsonLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const collect = {
    write: (line: string) => {
      expect(line.indexOf('\n'), line).toBe(line.length - 1);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
  configureLog('json', { out: collect, err: collect });
  return lines;
}

async function started(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ env: { METRICS_TOKEN, ...env } });
  cleanups.push(() => server.close());
  return server;
}

test('outbox mode: the confirmation link is logged, in one JSON line with the request id of the answer', async () => {
  const lines = jsonLines();
  const server = await started({});
  const client = newsletterTestClient(server, `${server.dir}/outbox`);
  const response = await client.subscribe({ email: 'outbox@example.com', consents: [] }, { site: 'DE' });
  const requestId = response.headers.get('x-request-id');
  expect(requestId).toMatch(/^[\da-f-]{36}$/);
  const link = lines.find((line) => String(line.message).startsWith('Newsletter confirmation for o***@example.com'));
  expect(link).toMatchObject({ level: 'info', requestId, shop: 'de', mailJob: expect.any(Number) });
  expect(link?.time).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
  expect(lines.find((line) => line.message === 'request' && line.requestId === requestId)).toMatchObject({
    method: 'POST',
    route: '/service/newsletter/api/internal/newsletter-subscribers',
    status: 201,
  });
});

test('SMTP_URL set: no address, no link and no token in the JSON log or the metrics of a sign-up', async () => {
  const smtp: LocalSmtpServer = await startLocalSmtpServer();
  cleanups.push(() => smtp.close());
  const lines = jsonLines();
  const server = await started({ SMTP_URL: smtp.url });
  const client = newsletterTestClient(server, '');
  const email = 'private.person@example.com';
  const response = await client.subscribe({ email, firstName: 'Privat', consents: [] }, { site: 'DE' });
  expect(response.status).toBe(201);
  await expect.poll(() => smtp.received.length, { timeout: 8000, interval: 20 }).toBe(1);
  const token = new URL(/https?:\/\/\S+\/newsletter\/confirm\/\S+/.exec(smtp.received[0]!.text)![0]).searchParams.get(
    'token',
  )!;
  const metrics = await (
    await fetch(server.origin + serviceUrl(services.metrics, 'metrics'), {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).text();
  const logged = lines.map((line) => JSON.stringify(line)).join('\n');
  expect(lines.some((line) => line.requestId === response.headers.get('x-request-id'))).toBe(true);
  // A confirmation link, not the confirm form's route pattern (`/:segment/newsletter/confirm/`), which the shared
  // registry may hold from other tests of this worker.
  for (const secret of [email, 'private.person', token, 'Privat', '/newsletter/confirm/?token=']) {
    expect(logged).not.toContain(secret);
    expect(metrics).not.toContain(secret);
  }
});

test('a request id from the proxy is kept only behind a trusted proxy, and only when well-formed', async () => {
  const health = (server: TestServer, id: string) =>
    fetch(`${server.origin}/service/health`, { headers: { 'x-request-id': id } }).then((response) =>
      response.headers.get('x-request-id'),
    );
  const direct = await started({});
  expect(await health(direct, 'from-a-client')).not.toBe('from-a-client');
  const proxied = await started({ TRUST_PROXY: 'true' });
  expect(await health(proxied, 'lb-7f3a.42')).toBe('lb-7f3a.42');
  expect(await health(proxied, 'has spaces<script>')).toMatch(/^[\da-f-]{36}$/);
});

test('static files go without a request id; service answers and pages made on demand carry one', async () => {
  const server = await started({});
  fs.writeFileSync(path.join(server.dir, 'dist', 'robots.txt'), 'User-agent: *\n');
  const requestIdOf = async (pathname: string) => (await fetch(server.origin + pathname)).headers.get('x-request-id');
  expect(await requestIdOf('/service/health')).toMatch(/^[\da-f-]{36}$/);
});
