import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CallError, fetchWithTimeout, postJson } from './http.ts';

let server: Server;
let origin: string;
let lastRequest: { method?: string; headers: Record<string, unknown>; body: string } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      lastRequest = { method: req.method, headers: req.headers, body };
      if (req.url === '/slow') return; // never answers
      res.writeHead(req.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

test('an error status is an answer, not a rejection', async () => {
  expect((await fetchWithTimeout(`${origin}/fail`)).status).toBe(500);
});

test('a service that never answers is given up on as a timeout', async () => {
  const error = await fetchWithTimeout(`${origin}/slow`, {}, 100).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CallError);
  expect((error as CallError).failure).toBe('timeout');
});

test('an unreachable service is a network failure', async () => {
  const error = await fetchWithTimeout('http://127.0.0.1:1/').catch((e: unknown) => e);
  expect((error as CallError).failure).toBe('network');
});

test('postJson sends JSON with its content type', async () => {
  await postJson(`${origin}/echo`, { a: 1 });
  expect(lastRequest).toMatchObject({
    method: 'POST',
    body: '{"a":1}',
    headers: { 'content-type': 'application/json' },
  });
});
