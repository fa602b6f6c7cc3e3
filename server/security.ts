import type { MiddlewareHandler } from 'hono';

const META_CSP = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/** Directives the server adds to every page's policy; `frame-ancestors` only works as a header. */
export const baseDirectives = [
  "default-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The policy for an HTML page: the script and style hashes Astro wrote into the page's `<meta>` CSP,
 * plus the base directives. Sending it as a header too means the hashes and `frame-ancestors` are both enforced.
 */
export function pagePolicy(html: string): string {
  const meta = META_CSP.exec(html)?.[1] ?? '';
  const pageDirectives = meta.split(';').map((d) => d.trim()).filter(Boolean);
  const named = new Set(pageDirectives.map((d) => d.split(/\s+/)[0]));
  return [...pageDirectives, ...baseDirectives.filter((d) => !named.has(d.split(/\s+/)[0]))].join('; ');
}

/** Security headers on every response; HTML pages get their own CSP, everything else the base one. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'strict-origin-when-cross-origin');
    headers.set('x-frame-options', 'DENY');
    headers.set('cross-origin-opener-policy', 'same-origin');
    headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', baseDirectives.join('; '));
  };
}
