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

  test('sends the security headers on every document (service answers included), and HSTS only when the site runs on https', async () => {
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

describe('on assets (docs/security.md#headers)', () => {
  let server: TestServer;
  let dist: string;
  const documentOnly = [
    'referrer-policy',
    'x-frame-options',
    'cross-origin-opener-policy',
    'permissions-policy',
    'strict-transport-security',
    'content-security-policy',
  ];
  beforeEach(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-headers-'));
    fs.mkdirSync(path.join(dist, '_astro'));
    fs.mkdirSync(path.join(dist, 'newsletter'));
    fs.writeFileSync(path.join(dist, '_astro/page.Ab12.js'), `export const a = ${JSON.stringify('x'.repeat(4000))};`);
    fs.writeFileSync(path.join(dist, 'newsletter/abc.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    fs.writeFileSync(path.join(dist, 'icons.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ distDir: dist, env: { SITE_URL: 'https://shop.example' } });
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('a hashed script gets only nosniff, its type, immutable caching and Vary: none of the document headers', async () => {
    const response = await fetch(`${server.origin}/_astro/page.Ab12.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
    });
    for (const name of documentOnly) expect(response.headers.get(name), name).toBeNull();
  });

  test('a raster image is lean too; an SVG, which a browser can open as a document, keeps every header', async () => {
    const image = await fetch(`${server.origin}/newsletter/abc.jpg`);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    for (const name of documentOnly) expect(image.headers.get(name), name).toBeNull();
    const svg = await fetch(`${server.origin}/icons.svg`);
    expect(Object.fromEntries(svg.headers)).toMatchObject(expected);
    expect(svg.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(svg.headers.get('strict-transport-security')).toMatch(hsts);
  });
});

test('_headers for the CDN carries the same security headers as the server, plus HSTS', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-file-'));
  try {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    writeHeadersFile(dir);
    const global = fs.readFileSync(path.join(dir, '_headers'), 'utf8').split('\n\n')[0]!;
    const lines = Object.fromEntries(
      global
        .split('\n')
        .slice(1)
        .map((line) =>
          line
            .trim()
            .split(/: (.*)/s)
            .slice(0, 2)
            .map((p, i) => (i ? p : p.toLowerCase())),
        ),
    );
    expect(lines).toMatchObject(expected);
    expect(lines['strict-transport-security']).toMatch(hsts);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('_headers takes the document headers off the hashed files and caches them for good, as the server does', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-file-'));
  try {
    fs.mkdirSync(path.join(dir, '_astro'));
    fs.writeFileSync(path.join(dir, '_astro/page.Ab12.js'), '');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
    writeHeadersFile(dir);
    const hashed = fs
      .readFileSync(path.join(dir, '_headers'), 'utf8')
      .split('\n\n')
      .find((block) => block.startsWith('/_astro/*\n'))!;
    for (const name of Object.keys(expected).filter((header) => header !== 'x-content-type-options'))
      expect(hashed.toLowerCase()).toContain(`! ${name}`);
    expect(hashed).toContain('! Strict-Transport-Security');
    expect(hashed).toContain('! Content-Security-Policy');
    expect(hashed).toContain('Cache-Control: public, max-age=31536000, immutable');
    expect(hashed.toLowerCase()).not.toContain('! x-content-type-options');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
