import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/shared/auth/csrf.ts';
import { problem } from '../problem.ts';
import { sessionCookiePrefix } from './securityHeaders.ts';

/**
 * Gives every visitor a CSRF cookie (readable by the pages, sent only same-site) when they have none;
 * `__Host-csrf_token` and `Secure` on https.
 */
export function issueCsrfCookie(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const prefix = sessionCookiePrefix(c);
    if (getCookie(c, CSRF_COOKIE, prefix) || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
    setCookie(c, CSRF_COOKIE, randomBytes(24).toString('base64url'), { path: '/', sameSite: 'Strict', prefix });
  };
}

/** Refuses a request whose CSRF header does not match its CSRF cookie (double-submit check) with 403. */
export function requireCsrf(): MiddlewareHandler {
  return async (c, next) => {
    const cookie = getCookie(c, CSRF_COOKIE, sessionCookiePrefix(c));
    if (!cookie || c.req.header(CSRF_HEADER) !== cookie) {
      return problem(c, 403, 'urn:service:csrf', 'Missing or wrong CSRF token');
    }
    await next();
  };
}
