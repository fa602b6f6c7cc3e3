import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { acceptsEncoding } from '../src/shared/precompressed.ts';
import { startTestServer, type TestServer } from './testing.ts';

// Hashed scripts go out Brotli-compressed from the build's sibling to a browser that accepts it, gzip to one that
// accepts only that, as they are otherwise (docs/performance.md#compression).
let server: TestServer;
let dist: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}-${i}`))};\n`;

/** A GET with raw bytes back (no decoding), so the test sees what went over the wire. */
function get(
  urlPath: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(urlPath, server.origin);
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
  });
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'compression-dist-'));
  fs.mkdirSync(path.join(dist, '_astro'));
  fs.mkdirSync(path.join(dist, 'de'));
  fs.writeFileSync(path.join(dist, '_astro/island.AbC123.js'), script);
  fs.writeFileSync(path.join(dist, '_astro/tiny.AbC123.js'), 'export {};\n');
  fs.writeFileSync(path.join(dist, 'de/index.html'), `<!doctype html><title>de</title><p>${'Kaffee '.repeat(400)}</p>`);
  // As the build writes it (src/build/integrations/brotliAssets.ts): a sibling for the file worth compressing only.
  fs.writeFileSync(path.join(dist, '_astro/island.AbC123.js.br'), zlib.brotliCompressSync(script));
  server = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('hashed scripts on the wire', () => {
  test("a browser that accepts br gets the build's Brotli sibling, which decodes to the script, smaller than gzip", async () => {
    const brotli = await get('/_astro/island.AbC123.js', 'gzip, deflate, br, zstd');
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(brotli.body).toString('utf8')).toBe(script);

    const gzip = await get('/_astro/island.AbC123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(script);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
  });

  test('br refused with q=0, or no Accept-Encoding: never br', async () => {
    expect((await get('/_astro/island.AbC123.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await get('/_astro/island.AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(script);
  });

  test('a file too small to compress and a page are never sent as br', async () => {
    expect((await get('/_astro/tiny.AbC123.js', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/de/', 'br, gzip')).headers['content-encoding']).toBe('gzip');
  });

  test('the sibling is not served by its own name', async () => {
    expect((await get('/_astro/island.AbC123.js.br', 'br')).status).toBe(404);
  });
});

describe('Accept-Encoding', () => {
  test.each([
    ['br', true],
    ['gzip, br;q=0.5', true],
    ['BR', true],
    ['gzip, br;q=0', false],
    ['*', true],
    ['*;q=0', false],
    ['gzip, *;q=0.1', true],
    ['br;q=0, *', false],
    ['gzip', false],
    ['', false],
    [undefined, false],
    ['br;q=abc', false],
  ])('%s accepts br: %s', (header, accepted) => {
    expect(acceptsEncoding(header, 'br')).toBe(accepted);
  });
});
