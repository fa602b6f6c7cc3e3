import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectProblem } from '../../server/expectProblem.ts';
import { rawRequest, startEdgeServer } from './edge-helpers.ts';

// A request line in absolute form (`GET https://host/de/ HTTP/1.1`), as proxies are sent, against the site itself.
let server: Awaited<ReturnType<typeof startEdgeServer>>;
let dist: string;
let own: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-absolute-'));
  fs.mkdirSync(path.join(dist, 'de'));
  fs.writeFileSync(path.join(dist, 'de/index.html'), '<!doctype html><title>de</title>');
  server = await startEdgeServer({}, dist);
  own = new URL(server.origin).host;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('absolute-form request lines', () => {
  test('GET https://…/de/ over plain http gets no HSTS and no __Host- cookie: only the connection says https', async () => {
    const response = await rawRequest(server.origin, { path: `https://${own}/de/`, headers: { host: own } });
    expect(response.status).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const cookies = response.headers['set-cookie'] ?? [];
    expect(cookies).toEqual([expect.stringMatching(/^csrf_token=/)]);
    expect(cookies.join()).not.toMatch(/__Host-|Secure/);
  });

  test('an absolute-form target names the host: another host than this site is 400, whatever the Host header says', async () => {
    for (const target of [
      'http://evil.example/de/',
      'https://evil.example/de/',
      `http://evil.example:${new URL(server.origin).port}/de/`,
    ]) {
      await expectProblem(
        await rawRequest(server.origin, { path: target, headers: { host: own } }),
        400,
        'urn:service:host_not_allowed',
      );
    }
  });

  test('the same page in origin form is served as before', async () => {
    const response = await rawRequest(server.origin, { path: '/de/', headers: { host: own } });
    expect(response.status).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
