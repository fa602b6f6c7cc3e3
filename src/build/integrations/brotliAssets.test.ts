import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { precompressAssets } from './brotliAssets.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

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
