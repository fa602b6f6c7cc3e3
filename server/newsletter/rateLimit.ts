import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { problem } from '../problem.ts';

/** How many requests a client may make per window. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window limit per client address, answering a generic 429 problem when exceeded. The answer says nothing
 * about the address being signed up, so it cannot be used to probe who is subscribed.
 */
export function rateLimit({ limit, windowMs }: RateLimitOptions): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const now = Date.now();
    // The socket's address, not X-Forwarded-For: a client must not be able to pick its own key.
    const client = getConnInfo(c).remote.address ?? 'unknown';
    let window = windows.get(client);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      windows.set(client, window);
    }
    window.count += 1;
    if (window.count > limit) {
      c.header('retry-after', String(Math.ceil((window.start + windowMs - now) / 1000)));
      return problem(c, 429, 'urn:service:too_many_requests', 'Too many requests, please try again later');
    }
    // Forget old windows now and then so the map cannot grow without bound.
    if (windows.size > 10_000) {
      for (const [key, value] of windows) if (now - value.start >= windowMs) windows.delete(key);
    }
    await next();
  };
}
