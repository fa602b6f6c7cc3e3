import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { HASHED_ASSETS } from '../../shared/hashedAssets.ts';
import { BROTLI_SUFFIX, PRECOMPRESSED_EXTENSIONS, PRECOMPRESS_MIN_BYTES } from '../../shared/precompressed.ts';

/**
 * Writes `name.br` beside every hashed text file of at least `PRECOMPRESS_MIN_BYTES` under `dir`, at Brotli's best
 * quality (too slow per request, cheap once per build). Returns the number of files written.
 */
export function precompressAssets(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let written = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < PRECOMPRESS_MIN_BYTES) continue;
    const compressed = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    fs.writeFileSync(`${file}${BROTLI_SUFFIX}`, compressed);
    written += 1;
  }
  return written;
}

/**
 * Precompresses the hashed scripts and stylesheets once they are final (docs/performance.md#compression): list it
 * after every integration that rewrites them.
 */
export function brotliAssets(): AstroIntegration {
  return {
    name: 'brotli-assets',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const written = precompressAssets(path.join(fileURLToPath(dir), HASHED_ASSETS));
        logger.info(`${written} hashed files precompressed (Brotli)`);
      },
    },
  };
}
