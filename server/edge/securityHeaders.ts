import type { Context, MiddlewareHandler } from 'hono';
import { baseDirectives } from '../../src/shared/csp.ts';
import { securityHeaders as sharedHeaders, strictTransportSecurity } from '../../src/shared/securityHeaders.ts';

/** Security headers on every response (HSTS on https); HTML pages get their own CSP, everything else the base one. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(sharedHeaders)) headers.set(name, value);
    if (runsOnHttps(c)) for (const [name, value] of Object.entries(strictTransportSecurity)) headers.set(name, value);
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', baseDirectives.join('; '));
  };
}

/**
 * True when the site runs on https: its configured address (`SITE_URL`) says so, or the request itself came over
 * TLS. Plain http://localhost keeps working with plain cookie names.
 */
function runsOnHttps(c: Context, siteUrl = process.env.SITE_URL): boolean {
  return siteUrl?.startsWith('https:') || new URL(c.req.url).protocol === 'https:';
}

/**
 * The prefix for cookies that guard a session: on https `__Host-` (Hono adds `Secure` and `Path=/` and the browser
 * refuses a `Domain`, so no sibling host can plant or read them); none on plain http, where browsers drop `Secure` ones.
 */
export function sessionCookiePrefix(c: Context): 'host' | undefined {
  return runsOnHttps(c) ? 'host' : undefined;
}
