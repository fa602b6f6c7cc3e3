import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ServerConfig } from '../../src/shared/config.ts';
import { baseDirectives } from '../../src/shared/csp.ts';
import {
  documentOnlyHeaders,
  everyResponseHeaders,
  isLeanAsset,
  strictTransportSecurity,
} from '../../src/shared/securityHeaders.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Whether this request belongs to a site on https (set by `securityHeaders`, read for cookie names). */
    onHttps: boolean;
  }
}

/**
 * Security headers (docs/security.md#headers): `nosniff` on every response; on documents also the document-only
 * headers, HSTS on https and a CSP (HTML pages bring their own, everything else gets the base one). Scripts, styles,
 * fonts and raster images get none of those: they are never shown as a document, and they are most of a page's
 * requests.
 */
export function securityHeaders(config: Pick<ServerConfig, 'siteUrl'>): MiddlewareHandler {
  return async (c, next) => {
    c.set('onHttps', runsOnHttps(c, config.siteUrl));
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(everyResponseHeaders)) headers.set(name, value);
    if (isLeanAsset(headers.get('content-type'))) return;
    for (const [name, value] of Object.entries(documentOnlyHeaders)) headers.set(name, value);
    if (c.get('onHttps')) for (const [name, value] of Object.entries(strictTransportSecurity)) headers.set(name, value);
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', baseDirectives.join('; '));
  };
}

/**
 * True when the site runs on https: its configured address (`SITE_URL`) says so, or the request itself came over
 * TLS. Only the connection tells the latter, never the request line: `GET https://…/de/` sent over plain http is plain
 * http. Plain http://localhost keeps working with plain cookie names.
 */
function runsOnHttps(c: Context, siteUrl: string): boolean {
  const socket = (c.env as HttpBindings | undefined)?.incoming?.socket as { encrypted?: boolean } | undefined;
  return siteUrl.startsWith('https:') || socket?.encrypted === true;
}

/**
 * The prefix for cookies that guard a session: on https `__Host-` (Hono adds `Secure` and `Path=/` and the browser
 * refuses a `Domain`, so no sibling host can plant or read them); none on plain http, where browsers drop `Secure` ones.
 */
export function sessionCookiePrefix(c: Context): 'host' | undefined {
  return c.get('onHttps') ? 'host' : undefined;
}
