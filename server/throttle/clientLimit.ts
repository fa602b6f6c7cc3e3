import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { windowCounter } from './windowCounter.ts';
import { problem } from '../problem.ts';
import { clientAddress, clientKey } from '../newsletter/clientKey.ts';

/** How many requests a client may make per window, and how clients are told apart. */
export interface ClientLimitOptions {
  limit: number;
  windowMs: number;
  /** Read X-Forwarded-For (`TRUST_PROXY`): only when a reverse proxy of ours appends to it. */
  trustProxy: boolean;
  /** Which limit this is (`signup`, `rights`): limits sharing a database count apart. */
  name: string;
}

/** A fixed-window limit per client, counted in the shared database so every instance counts alike. */
export interface ClientLimit {
  /** Counts this request; answers the seconds to wait when it is over the limit, else undefined. */
  exceeded(c: Context): Promise<number | undefined>;
  /** The same as middleware: over the limit, `429` `urn:service:too_many_requests` with `Retry-After`. */
  middleware: MiddlewareHandler;
}

/**
 * Counts each client's requests in fixed windows of `windowMs` (docs/security.md): the client is its address (its
 * `/64` for IPv6, `clientKey.ts`), read from X-Forwarded-For only behind a trusted proxy.
 */
export function clientLimit(
  shared: SharedDatabase,
  { limit, windowMs, trustProxy, name }: ClientLimitOptions,
): ClientLimit {
  const counter = windowCounter(shared, windowMs);
  async function exceeded(c: Context): Promise<number | undefined> {
    const now = Date.now();
    const client = clientKey(clientAddress(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), trustProxy));
    const { hits, windowStart } = await counter.hit(`${name}:${client}`, now);
    return hits > limit ? Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) : undefined;
  }
  return {
    exceeded,
    async middleware(c, next) {
      const waitSeconds = await exceeded(c);
      if (waitSeconds !== undefined) {
        c.header('retry-after', String(waitSeconds));
        return problem(c, 429, 'urn:service:too_many_requests', 'Too many requests, please try again later');
      }
      await next();
    },
  };
}
