import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { writeHeadersFile } from '../../src/build/integrations/headersFile.ts';
import { startTestServer, type TestServer } from './login-helpers.ts';

const expected = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
const hsts = /^max-age=\d{8,}; includeSubDomains$/;

describe('the server', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  test('sends the security headers on every response, and HSTS only when the site runs on https', async () => {
    const plain = await fetch(`${server.origin}/service/health`);
    expect(Object.fromEntries(plain.headers)).toMatchObject(expected);
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    await server.close();
    server = await startTestServer({ env: { SITE_URL: 'https://shop.example' } });
    const secure = await fetch(`${server.origin}/service/health`);
    expect(Object.fromEntries(secure.headers)).toMatchObject(expected);
    expect(secure.headers.get('strict-transport-security')).toMatch(hsts);
  });
});

test('_headers for the CDN carries the same security headers as the server, plus HSTS', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-file-'));
  try {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    writeHeadersFile(dir);
    const global = fs.readFileSync(path.join(dir, '_headers'), 'utf8').split('\n\n')[0]!;
    const lines = Object.fromEntries(global.split('\n').slice(1).map((line) => line.trim().split(/: (.*)/s).slice(0, 2).map((p, i) => (i ? p : p.toLowerCase()))));
    expect(lines).toMatchObject(expected);
    expect(lines['strict-transport-security']).toMatch(hsts);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
