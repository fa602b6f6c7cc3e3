import type { MiddlewareHandler } from 'hono';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { clientLimit } from './clientLimit.ts';

/** How many requests a client may make per window, and how clients are told apart. */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  /** Read X-Forwarded-For (`TRUST_PROXY`): only when a reverse proxy of ours appends to it. */
  trustProxy: boolean;
  /** Which limit this is (`signup`): limits sharing a database count apart. */
  name?: string;
}

/**
 * Fixed-window limit per client (IPv6 per /64), answering a generic 429 problem when exceeded. The answer says
 * nothing about the address being signed up, so it cannot be used to probe who is subscribed. The counts live in the
 * shared database: every instance on it counts against the same limit, and a window that is over is deleted by the
 * throttle sweep (server/throttle/throttleSweep.ts), so a flood of client addresses cannot grow it without end.
 */
export function rateLimit(
  shared: SharedDatabase,
  { limit, windowMs, trustProxy, name = 'signup' }: RateLimitOptions,
): MiddlewareHandler {
  return clientLimit(shared, { limit, windowMs, trustProxy, name }).middleware;
}
