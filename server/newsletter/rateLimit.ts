import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { problem } from '../problem.ts';
import { clientAddress, clientKey } from './clientKey.ts';

/** Most clients a rate limit remembers at once, by default (docs/constants.md#limits). */
export const RATE_LIMIT_MAX_CLIENTS = 10_000;

/** How many requests a client may make per window, and how clients are told apart. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  /** Read X-Forwarded-For (`TRUST_PROXY`): only when a reverse proxy of ours appends to it. */
  trustProxy: boolean;
  /** Most clients remembered at once; the oldest window is forgotten first. */
  maxClients?: number;
}

/**
 * Fixed-window limit per client (IPv6 per /64), answering a generic 429 problem when exceeded. The answer says
 * nothing about the address being signed up, so it cannot be used to probe who is subscribed. The store is bounded:
 * a flood of new client addresses evicts the oldest windows instead of growing memory.
 */
export function rateLimit({
  limit,
  windowMs,
  trustProxy,
  maxClients = RATE_LIMIT_MAX_CLIENTS,
}: RateLimitOptions): MiddlewareHandler {
  // A Map keeps insertion order, and a window is re-inserted when it restarts: the first entry is the oldest.
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const now = Date.now();
    const client = clientKey(clientAddress(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), trustProxy));
    let window = windows.get(client);
    if (!window || now - window.start >= windowMs) {
      windows.delete(client);
      while (windows.size >= maxClients) windows.delete(windows.keys().next().value!);
      window = { start: now, count: 0 };
      windows.set(client, window);
    }
    window.count += 1;
    if (window.count > limit) {
      c.header('retry-after', String(Math.ceil((window.start + windowMs - now) / 1000)));
      return problem(c, 429, 'urn:service:too_many_requests', 'Too many requests, please try again later');
    }
    await next();
  };
}
