import type { MiddlewareHandler } from 'hono';
import { baseDirectives } from '../src/lib/csp.ts';

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
