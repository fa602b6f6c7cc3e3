import type { Context } from 'hono';
import { SERVICE_PREFIX } from '../src/shared/routes.ts';
import { problem } from './problem.ts';
import { siteUnavailablePage } from './siteUnavailablePage.ts';
import { isDatabaseUnreachable } from './database/databaseUnreachable.ts';
import { isDatabaseTimingOut } from './database/databaseTimeout.ts';

/**
 * How long one statement waits for another process's write lock before it gives up (SQLite's `busy_timeout`,
 * docs/constants.md#timings). `node:sqlite` waits synchronously, so this is also how long one request may hold up
 * every other request of the process: kept short, and the caller answers 503 instead.
 */
export const DATABASE_BUSY_TIMEOUT_MS = 100;

/** How long the start-up (opening, migrating, seeding) waits for another process's lock (docs/constants.md#timings). */
export const DATABASE_START_BUSY_TIMEOUT_MS = 5000;

/**
 * After a write found the database locked, how long further writes of this process give up at once, without
 * waiting again (docs/constants.md#timings): a lock held for seconds costs one short wait per window, not one per
 * request.
 */
export const DATABASE_BUSY_BACKOFF_MS = 500;

/** What a client is told to wait before trying again while the database is busy (docs/constants.md#timings). */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 1;

/** SQLite's primary result codes for "another connection holds the lock". */
const BUSY_CODES = new Set([5 /* SQLITE_BUSY */, 6 /* SQLITE_LOCKED */]);

/** Thrown instead of waiting while the database was found busy a moment ago. */
export class DatabaseBusyError extends Error {
  constructor() {
    super('database is locked by another process (busy a moment ago: not waiting again)');
    this.name = 'DatabaseBusyError';
  }
}

/**
 * Whether an error means the database is busy (worth a retry later, not a fault of the request): SQLite locked by
 * another process, or PostgreSQL answering too slowly (`isDatabaseTimingOut`: no pooled connection in time, a
 * request's deadline, a statement or lock wait past its time-out).
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof DatabaseBusyError || isDatabaseTimingOut(error)) return true;
  const { code, errcode } = (error ?? {}) as { code?: unknown; errcode?: unknown };
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && BUSY_CODES.has(errcode & 0xff);
}

/**
 * Whether an error means the database cannot serve for now, worth a retry in a moment and no fault of the request:
 * SQLite locked by another process ({@link isDatabaseBusy}) or the shared PostgreSQL unreachable
 * (`isDatabaseUnreachable`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return isDatabaseBusy(error) || isDatabaseUnreachable(error);
}

/**
 * The answer of a request that found the database busy or unreachable ({@link isDatabaseUnavailable}), with
 * `Retry-After` and nothing stored: a service call gets 503 `urn:service:database_busy` or
 * `urn:service:database_unreachable`; a plain form on a shop page gets the short "back in a moment" page (503).
 */
export function databaseBusyAnswer(c: Context, error?: unknown): Response {
  const headers = { 'retry-after': String(DATABASE_BUSY_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' };
  if (c.req.path.startsWith(`${SERVICE_PREFIX}/`)) {
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    if (error !== undefined && isDatabaseUnreachable(error) && !isDatabaseBusy(error))
      return problem(
        c,
        503,
        'urn:service:database_unreachable',
        'The service cannot reach its database; please try again in a moment',
      );
    return problem(c, 503, 'urn:service:database_busy', 'The service is busy; please try again in a moment');
  }
  const { html, policy } = siteUnavailablePage(c.req.path);
  return c.html(html, 503, { ...headers, 'content-security-policy': policy });
}
