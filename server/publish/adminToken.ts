import { timingSafeEqual, createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { problem } from '../problem.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Lets a request through only with `Authorization: Bearer <token>`; otherwise `401` problem+json with
 * `WWW-Authenticate: Bearer`. Compared as digests in constant time, so neither the token nor its length leaks through
 * timing. Without a configured token every request is refused. See docs/calls.md#publisher.
 */
export function requireAdminToken(token: string | undefined): MiddlewareHandler {
  const expected = token === undefined ? undefined : digest(token);
  return async (c, next) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (expected === undefined || given === undefined || !timingSafeEqual(expected, digest(given))) {
      c.header('www-authenticate', 'Bearer realm="publish"');
      return problem(c, 401, 'urn:publish:unauthorized', 'A valid admin token is required');
    }
    await next();
  };
}
