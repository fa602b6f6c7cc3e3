import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { problem } from '../problem.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { failureBackoff, socketAddress, type BackoffOptions } from './failureBackoff.ts';

/** How a bearer-token guard counts wrong tokens and what it answers (docs/security.md#promotion-admin-and-operations-under-faults-probes-and-answers). */
export interface BearerTokenGuard {
  /** The name its failures are counted under in the shared table: each guard counts its own. */
  name: string;
  /** The `WWW-Authenticate` realm of its 401. */
  realm: string;
  /** The problem type of its 429. */
  throttledType: string;
  /** What its 401 and 429 say. */
  unauthorized: string;
  throttled: string;
  /** Wrong tokens a client may send before the waits start, and the waits. */
  backoff: BackoffOptions & { freeAttempts: number };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Refuses a request without `Authorization: Bearer <token>` with 401 and `WWW-Authenticate: Bearer`. Both sides are
 * hashed first, so the comparison takes the same time whatever the length or the first wrong character. Wrong tokens
 * are throttled per client as wrong staff passwords are: after `freeAttempts` every call of that client answers 429
 * with `Retry-After` (the right token too) until the wait is over, and each further wrong token doubles the wait. The
 * right token clears the client's count. Create it once per server: every call it guards shares the count.
 */
export function requireBearerToken(shared: SharedDatabase, token: string, guard: BearerTokenGuard): MiddlewareHandler {
  const expected = digest(token);
  const failures = failureBackoff(shared, guard.name, guard.backoff);
  const keysOf = (c: Context) => [{ key: `client:${socketAddress(c)}`, free: guard.backoff.freeAttempts }];
  return async (c, next) => {
    // Checked and counted in one transaction before the token is compared, so guesses sent in parallel meet the same
    // waits as guesses in a row; the right token then clears the count (the reserved attempt with it).
    const reservation = await failures.reserve(keysOf(c));
    if (!reservation.granted) {
      c.header('retry-after', String(reservation.retryAfter));
      return problem(c, 429, guard.throttledType, guard.throttled);
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      c.header('www-authenticate', `Bearer realm="${guard.realm}"`);
      return problem(c, 401, 'urn:service:unauthorized', guard.unauthorized);
    }
    await failures.clear(keysOf(c)[0]!.key);
    await next();
  };
}
