import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { SERVICE_PREFIX } from '../../src/shared/routes.ts';
import { serviceLog, withRequestId } from './serviceLog.ts';

/** A request id a proxy may hand on: letters, digits and `._:-`, at most 128 characters. */
const HANDED_ON_ID = /^[\w.:-]{1,128}$/;

/** Calls polled by machines, left out of the request lines. */
const POLLED = new Set([`${SERVICE_PREFIX}/health`, `${SERVICE_PREFIX}/metrics`]);

/**
 * Gives every request an id (docs/operations.md#logs): the `x-request-id` a trusted proxy sent (`TRUST_PROXY`; a
 * well-formed one only), else a new UUID. Service answers and pages made on demand (`no-store`) carry it in
 * `x-request-id`, static files do not; every log line written while the request is answered names it as
 * `requestId`. With `LOG_FORMAT=json` each service call also gets one request line: method, route pattern, status
 * and duration (never its path, query or body, which may hold a token).
 */
export function requestIds({ trustProxy }: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const handedOn = trustProxy ? c.req.header('x-request-id') : undefined;
    const requestId = handedOn !== undefined && HANDED_ON_ID.test(handedOn) ? handedOn : randomUUID();
    const started = performance.now();
    await withRequestId(requestId, async () => {
      await next();
      const service = c.req.path.startsWith(`${SERVICE_PREFIX}/`);
      // Static files go without: their bytes on the wire are the shoppers' budget (docs/performance.md#budgets).
      if (service || /no-store/.test(c.res.headers.get('cache-control') ?? ''))
        c.res.headers.set('x-request-id', requestId);
      if (!service || POLLED.has(c.req.path)) return;
      serviceLog.collected('request', {
        method: c.req.method,
        route: routePath(c),
        status: c.res.status,
        durationMs: Math.round(performance.now() - started),
      });
    });
  };
}
