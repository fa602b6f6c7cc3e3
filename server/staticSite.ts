import fs from 'node:fs';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { pagePolicy } from '../src/shared/csp.ts';
import { contentTypeOf } from '../src/shared/contentTypes.ts';
import { HASHED_ASSETS } from '../src/shared/hashedAssets.ts';
import { VARIANTS_FOLDER } from '../src/shared/publish/releases.ts';
import type { PagePicker } from './abtests/variantPages.ts';
import {
  BROTLI_SUFFIX,
  PRECOMPRESSED_EXTENSIONS,
  acceptsEncoding,
  isPrecompressedSibling,
} from '../src/shared/precompressed.ts';

// An encoded slash or backslash, a backslash or a NUL: no file of the site has one in its path, and each is a classic
// way to smuggle a different path (or host) past a check, so such requests get a plain 404.
const SUSPICIOUS_PATH = /%2f|%5c|%00|\\|\0/i;

/**
 * A URL path decoded and normalised (`/a//b/../c` is `/a/c`), or undefined when it is malformed or suspicious. The
 * result starts with exactly one slash, so it can never turn into a protocol-relative (other host) redirect.
 */
function normalisePath(urlPath: string): string | undefined {
  if (SUSPICIOUS_PATH.test(urlPath)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (SUSPICIOUS_PATH.test(decoded)) return undefined;
  const normalised = path.posix.normalize(`/${decoded}`).replace(/\/{2,}/g, '/');
  return decoded.endsWith('/') && !normalised.endsWith('/') ? `${normalised}/` : normalised;
}

/** The file under `root` a URL path names, or undefined; never a path outside `root`. */
function resolveFile(root: string, urlPath: string): string | undefined {
  const decoded = normalisePath(urlPath);
  if (decoded === undefined) return undefined;
  const file = path.resolve(root, `.${decoded.endsWith('/') ? `${decoded}index.html` : decoded}`);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  // A precompressed sibling is served only in place of its file (see `send`), never by its own name.
  if (isPrecompressedSibling(file)) return undefined;
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat?.isFile()) return file;
  // A stand-in for a retailer page named `*.html` is built as a folder of that name (docs/footer.md#stand-in-pages);
  // it answers at the very URL the shop links to, without a redirect.
  if (stat?.isDirectory() && decoded.endsWith('.html')) return resolveFile(root, `${decoded}/`);
  return undefined;
}

/** The Brotli sibling of `file` written by the build, or undefined. */
function precompressed(file: string): Buffer<ArrayBuffer> | undefined {
  try {
    return fs.readFileSync(`${file}${BROTLI_SUFFIX}`);
  } catch {
    return undefined;
  }
}

/**
 * How an answer may be cached beyond the default: `varies` when the page has A/B variants (a shared cache must key it
 * by the cookies), `private` when it is one of them (never stored under the page's shared key).
 */
interface CacheRule {
  varies: boolean;
  private: boolean;
}

function send(c: Context, file: string, status: 200 | 404 = 200, cache?: CacheRule) {
  const ext = path.extname(file);
  const body = fs.readFileSync(file);
  const headers: Record<string, string> = { 'content-type': contentTypeOf(file) };
  if (ext === '.html') {
    headers['content-security-policy'] = pagePolicy(body.toString('utf8'));
    headers['cache-control'] = cache?.private ? 'private, no-cache' : 'no-cache';
    // A variant's own address is the CDN's rewrite target, never a page to index (docs/operations.md#ab-tests-behind-a-cdn).
    if (c.req.path.startsWith(`/${VARIANTS_FOLDER}/`)) headers['x-robots-tag'] = 'noindex';
  } else if (c.req.path.startsWith(`/${HASHED_ASSETS}/`)) {
    // Hashed file names: safe to cache for a year.
    headers['cache-control'] = 'public, max-age=31536000, immutable';
  }
  // The build's Brotli sibling, for a browser that accepts it (docs/performance.md#compression); the compress
  // middleware leaves an answer with its own Content-Encoding alone.
  const brotli = PRECOMPRESSED_EXTENSIONS.includes(ext) ? precompressed(file) : undefined;
  if (cache?.varies) headers.vary = 'Cookie';
  if (brotli) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    if (acceptsEncoding(c.req.header('accept-encoding'), 'br')) {
      headers['content-encoding'] = 'br';
      if (c.req.method === 'HEAD') return c.body(null, status, headers);
      return c.body(brotli, status, headers);
    }
  }
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  return c.body(body, status, headers);
}

/** The folder `distDir` stands for now (the live release when it is a link), or undefined before the first build. */
function currentSite(distDir: string): string | undefined {
  try {
    return fs.realpathSync(distDir);
  } catch {
    return undefined;
  }
}

/**
 * Serves the built site: `/de/` is `de/index.html`, `/de` redirects to `/de/`, unknown paths get `404.html`.
 * `distDir` is resolved once per request and the whole answer comes from that folder, so a release switch
 * (docs/calls.md#publisher) is served from the next request on, and no answer mixes two releases. When `distDir`
 * leads nowhere, `whenMissing` answers (by default a plain 404). `choosePage` may answer a page from an A/B variant
 * of it instead (server/abtests/variantPages.ts).
 */
export function staticSite(
  distDir: string,
  whenMissing: (c: Context) => Response = (c) => c.text('Not found.', 404),
  choosePage?: PagePicker,
): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const root = currentSite(distDir);
    if (root === undefined) return whenMissing(c);
    const choice = await choosePage?.(c, root);
    const cache = choice && { varies: choice.variesByCookie, private: false };
    const variantFile = choice?.variantPath && resolveFile(root, choice.variantPath);
    if (variantFile) return send(c, variantFile, 200, { varies: true, private: true });
    const file = resolveFile(root, c.req.path);
    if (file) return send(c, file, 200, cache);
    const normalised = normalisePath(c.req.path);
    if (normalised !== undefined && !path.extname(normalised) && resolveFile(root, `${normalised}/`)) {
      // Only ever to a normalised path of this site: never `//host/...`, never the raw request path.
      return c.redirect(`${encodeURI(normalised)}/${new URL(c.req.url).search}`, 301);
    }
    const notFound = resolveFile(root, '/404.html');
    return notFound ? send(c, notFound, 404) : c.text('Not found.', 404);
  };
}
