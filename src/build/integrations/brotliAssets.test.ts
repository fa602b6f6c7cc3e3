import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { BROTLI_CACHE_KEEP_MS, precompressAssets } from './brotliAssets.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build's hashed files in `dir/site`, and a cache folder beside them. */
function buildWithCache(files: Record<string, string>): { site: string; cache: string } {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brotli-assets-'));
  const site = path.join(dir, 'site');
  fs.mkdirSync(site);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(site, name), text);
  return { site, cache: path.join(dir, 'cache') };
}

const island = `export const list = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `entry ${i}`))};`;

test('a Brotli sibling for each text file of 1 KB and more, which decodes to the file; none for small files, images or fonts', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brotli-assets-'));
  const script = `export const list = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `item ${i}`))};`;
  const style = `.a{color:red}\n`.repeat(100);
  fs.writeFileSync(path.join(dir, 'island.x1.js'), script);
  fs.writeFileSync(path.join(dir, 'page.x2.css'), style);
  fs.writeFileSync(path.join(dir, 'small.x3.js'), 'export {};');
  fs.writeFileSync(path.join(dir, 'font.x4.woff2'), Buffer.alloc(4096, 7));
  fs.writeFileSync(path.join(dir, 'photo.x5.webp'), Buffer.alloc(4096, 9));

  expect(precompressAssets(dir)).toBe(2);
  expect(
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.br'))
      .sort(),
  ).toEqual(['island.x1.js.br', 'page.x2.css.br']);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'island.x1.js.br'))).toString('utf8')).toBe(script);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'page.x2.css.br'))).toString('utf8')).toBe(style);
  expect(fs.statSync(path.join(dir, 'page.x2.css.br')).size).toBeLessThan(Buffer.byteLength(style) / 10);
});

test('a build without hashed files writes nothing and does not fail', () => {
  expect(precompressAssets(path.join(os.tmpdir(), 'no-such-folder-for-brotli'))).toBe(0);
});

test('a later build takes the compression of bytes compressed before from the cache, and compresses changed bytes anew', () => {
  const { site, cache } = buildWithCache({ 'island.x1.js': island });
  expect(precompressAssets(site, cache)).toBe(1);
  const [entry] = fs.readdirSync(cache);
  expect(entry).toMatch(/^[0-9a-f]{64}\.br$/);
  // The cached entry is what the next build writes: a quicker compression of the same bytes put in its place shows it.
  const quick = zlib.brotliCompressSync(Buffer.from(island), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
  fs.writeFileSync(path.join(cache, entry!), quick);
  fs.rmSync(path.join(site, 'island.x1.js.br'));
  expect(precompressAssets(site, cache)).toBe(1);
  expect(fs.readFileSync(path.join(site, 'island.x1.js.br'))).toEqual(quick);

  const changed = island.replace('entry 7', 'entry seven');
  fs.writeFileSync(path.join(site, 'island.x1.js'), changed);
  precompressAssets(site, cache);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(site, 'island.x1.js.br'))).toString('utf8')).toBe(changed);
  expect(fs.readdirSync(cache)).toHaveLength(2);
});

test('the cache drops what no build used for 30 days, and a cache that cannot be written only costs the compression', () => {
  const { site, cache } = buildWithCache({ 'island.x1.js': island });
  fs.mkdirSync(cache);
  const stale = path.join(cache, `${'0'.repeat(64)}.br`);
  fs.writeFileSync(stale, 'old');
  const longAgo = new Date(Date.now() - BROTLI_CACHE_KEEP_MS - 60_000);
  fs.utimesSync(stale, longAgo, longAgo);
  precompressAssets(site, cache);
  expect(fs.existsSync(stale)).toBe(false);
  expect(fs.readdirSync(cache)).toHaveLength(1);

  // A file where the cache folder should be: nothing can be kept, and the sibling is still written.
  const blocked = path.join(dir!, 'blocked');
  fs.writeFileSync(blocked, '');
  fs.rmSync(path.join(site, 'island.x1.js.br'));
  expect(precompressAssets(site, blocked)).toBe(1);
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(site, 'island.x1.js.br'))).toString('utf8')).toBe(island);
});
