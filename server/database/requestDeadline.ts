import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

/**
 * The bound on a request's database work (docs/operations.md#when-postgresql-is-down): from its first statement, every
 * wait for a pooled connection and every statement of the request ends by the deadline, so the request answers within
 * the bound, a `503 urn:service:database_busy` with `Retry-After` when the database could not serve it in time.
 */
interface RequestDeadline {
  /** Milliseconds the request's database work may take, from its first acquire. */
  boundMs: number;
  /** When it must be over (epoch ms); set at the first acquire. */
  at?: number;
}

const requests = new AsyncLocalStorage<RequestDeadline>();

/**
 * Runs each request under a database deadline of `boundMs` from its first statement (see {@link remainingMs}).
 * Without a bound (SQLite, whose waits are bounded on their own) it does nothing.
 */
export function databaseDeadline(boundMs: number | undefined): MiddlewareHandler {
  return async (_c, next) => {
    if (boundMs === undefined) return next();
    await requests.run({ boundMs }, next);
  };
}

/**
 * How long the current request's database work may still take, in ms, its clock started by the first call; Infinity
 * outside a request (the mail sender, the sweeps: their waits are bounded by the pool and statement time-outs alone).
 */
export function remainingMs(now = Date.now()): number {
  const deadline = requests.getStore();
  if (!deadline) return Number.POSITIVE_INFINITY;
  deadline.at ??= now + deadline.boundMs;
  return deadline.at - now;
}

/** Runs `work` as a request with its own deadline of `boundMs` (tests, and callers outside Hono). */
export function withDeadline<T>(boundMs: number, work: () => T): T {
  return requests.run({ boundMs }, work);
}
