import { prometheus } from '@hono/prometheus';
import type { MiddlewareHandler } from 'hono';
import { metricsRegistry } from './serviceMetrics.ts';

// Made once per process: the registry takes each series once, however many apps a test starts.
const { registerMetrics } = prometheus({ registry: metricsRegistry });

/**
 * Times every answer as `http_request_duration_seconds` and counts it as `http_requests_total` (@hono/prometheus),
 * labelled with the method, the status and the route *pattern* the answer came from (`/service/newsletter/api/…/:token`,
 * `/*` for the static site), never the path a client sent (docs/operations.md#monitoring). Put it first, so refusals
 * by the edge guards are timed too.
 */
export const timeRequests: MiddlewareHandler = registerMetrics;
