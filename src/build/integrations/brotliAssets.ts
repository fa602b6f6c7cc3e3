import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { HASHED_ASSETS } from '../../shared/hashedAssets.ts';
import { BROTLI_SUFFIX, PRECOMPRESSED_EXTENSIONS, PRECOMPRESS_MIN_BYTES } from '../../shared/precompressed.ts';

/** A cached compression not used for this long is removed by the next build. */
export const BROTLI_CACHE_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

function brotli(body: Buffer): Buffer {
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * The compression of `body` from `cacheDir`, where it is kept under the SHA-256 of the bytes it compresses, or made
 * and kept there. A cache that cannot be read or written only costs the compression.
 */
function cachedBrotli(body: Buffer, cacheDir: string | undefined): Buffer {
  if (!cacheDir) return brotli(body);
  const entry = path.join(cacheDir, `${crypto.createHash('sha256').update(body).digest('hex')}.br`);
  try {
    const cached = fs.readFileSync(entry);
    const now = new Date();
    fs.utimesSync(entry, now, now);
    return cached;
  } catch {
    // Not cached yet (or unreadable): compressed below.
  }
  const compressed = brotli(body);
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: a build beside this one never reads half an entry.
    const staging = `${entry}.${process.pid}.tmp`;
    fs.writeFileSync(staging, compressed);
    fs.renameSync(staging, entry);
  } catch {
    // A cache that cannot be written: the build goes on without it.
  }
  return compressed;
}

/** Removes the cache's entries unused for {@link BROTLI_CACHE_KEEP_MS}. */
function pruneCache(cacheDir: string, now: number): void {
  let names: string[];
  try {
    names = fs.readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const entry = path.join(cacheDir, name);
    try {
      if (now - fs.statSync(entry).mtimeMs > BROTLI_CACHE_KEEP_MS) fs.rmSync(entry, { force: true });
    } catch {
      // Gone already (another build pruned it).
    }
  }
}

/**
 * Writes `name.br` beside every hashed text file of at least `PRECOMPRESS_MIN_BYTES` under `dir`, at Brotli's best
 * quality (too slow per request, cheap once per build). With `cacheDir`, a file whose bytes an earlier build already
 * compressed gets that build's compression (a build of one shop changes few of the code's files): best quality costs
 * about 0.6 s of CPU per build of this site. Returns the number of files written.
 */
export function precompressAssets(dir: string, cacheDir?: string): number {
  if (!fs.existsSync(dir)) return 0;
  let written = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !PRECOMPRESSED_EXTENSIONS.includes(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    if (body.length < PRECOMPRESS_MIN_BYTES) continue;
    fs.writeFileSync(`${file}${BROTLI_SUFFIX}`, cachedBrotli(body, cacheDir));
    written += 1;
  }
  if (cacheDir) pruneCache(cacheDir, Date.now());
  return written;
}

/**
 * Precompresses the hashed scripts and stylesheets once they are final (docs/performance.md#compression): list it
 * after every integration that rewrites them.
 */
export function brotliAssets(): AstroIntegration {
  let cacheDir: string | undefined;
  return {
    name: 'brotli-assets',
    hooks: {
      // Beside the other tools' caches in the checkout's node_modules, which every build of it shares.
      'astro:config:done': ({ config }) => {
        cacheDir = path.join(fileURLToPath(config.root), 'node_modules', '.cache', 'brotli-assets');
      },
      'astro:build:done': ({ dir, logger }) => {
        const written = precompressAssets(path.join(fileURLToPath(dir), HASHED_ASSETS), cacheDir);
        logger.info(`${written} hashed files precompressed (Brotli)`);
      },
    },
  };
}
