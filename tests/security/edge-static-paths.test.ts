import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { TestServer } from '../../server/testing.ts';
import { rawRequest, startEdgeServer } from './edge-helpers.ts';

// Open redirect and path tricks against the static site (server/staticSite.ts).
let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-dist-'));
  fs.mkdirSync(path.join(dist, 'de'));
  fs.writeFileSync(path.join(dist, 'de/index.html'), '<!doctype html><title>de</title>');
  fs.writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>not found</title>');
  fs.mkdirSync(path.join(dist, 'de/lieferung-s102.html'));
  fs.writeFileSync(path.join(dist, 'de/lieferung-s102.html/index.html'), '<!doctype html><title>Lieferung</title>');
  fs.mkdirSync(path.join(dist, 'de/folder.html'));
  server = await startEdgeServer({}, dist);
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('redirects stay on this site', () => {
  test('GET //evil.example/..%2F/de is a 404, not a redirect to evil.example', async () => {
    const response = await rawRequest(server.origin, { path: '//evil.example/..%2F/de' });
    expect(response.headers.location).toBeUndefined();
    expect(response.status).toBe(404);
  });

  test.each(['//de', '//evil.example/../de', '/./de', '/de/../de'])(
    'GET %s redirects to the normalised same-origin path /de/',
    async (probe) => {
      const response = await rawRequest(server.origin, { path: probe });
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe('/de/');
    },
  );

  test('the query survives the redirect; the path is the normalised one', async () => {
    const response = await rawRequest(server.origin, { path: '///de?x=1' });
    expect(response.headers.location).toBe('/de/?x=1');
  });
});

describe('stand-ins for retailer pages named *.html (docs/footer.md#stand-in-pages)', () => {
  test('answer at the very URL the shop links to, query and all, without a redirect', async () => {
    const response = await rawRequest(server.origin, { path: '/de/lieferung-s102.html?question=sendungsverfolgung' });
    expect(response.status).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('<title>Lieferung</title>');
  });

  test.each(['/de/folder.html', '/de/lieferung-s102.html/../../404.html/x.html'])(
    'GET %s (a folder without a page) is a 404',
    async (probe) => {
      const response = await rawRequest(server.origin, { path: probe });
      expect(response.status).toBe(404);
      expect(response.body).toContain('not found');
    },
  );
});

describe('encoded slashes, backslashes and NUL get 404', () => {
  test.each([
    '/de%2Findex.html',
    '/de%2findex.html',
    '/de%5Cindex.html',
    '/%5Cevil.example/de',
    '/de/%00',
    '/de%00/index.html',
  ])('GET %s answers 404 without an error', async (probe) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await rawRequest(server.origin, { path: probe });
      expect(response.status).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('not found');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  test.each(['/de\\index.html', '/\\evil.example/de'])(
    'GET %s (a raw backslash) is refused with 400 before it reaches the site',
    async (probe) => {
      // The Node adapter (@hono/node-server) already refuses a raw backslash in the request line; never a redirect.
      const response = await rawRequest(server.origin, { path: probe });
      expect(response.status).toBe(400);
      expect(response.headers.location).toBeUndefined();
    },
  );

  test('the plain paths still work', async () => {
    expect((await rawRequest(server.origin, { path: '/de/' })).status).toBe(200);
    expect((await rawRequest(server.origin, { path: '/de/index.html' })).status).toBe(200);
  });
});
