import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../../src/shared/config.ts';
import { problem } from '../problem.ts';
import { allowedHostsOf } from './allowedHosts.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether an `Origin` header names this site (same host as one the server answers to, over http or https). */
function isOwnOrigin(origin: string, allowedHosts: Set<string>): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && allowedHosts.has(url.host);
  } catch {
    return false; // includes `Origin: null` (sandboxed frames, file: pages, some redirects)
  }
}

/**
 * Guards every state-changing call under `/service` so that another web site cannot make its visitors' browsers call
 * it (see docs/calls.md):
 * - 415 unless the body is `application/json`: a cross-site page can only send `text/plain`, form or multipart bodies
 *   without a CORS preflight, which this server never grants;
 * - 403 unless the `Origin` is this site's, and 403 when `Sec-Fetch-Site` says anything but `same-origin`.
 * A request with neither header is let through: every current browser sends `Origin` on a POST, PUT, PATCH or DELETE
 * (same-origin ones included), so such a request comes from a program (curl, a backend) acting on its own behalf,
 * from its own address, which the rate limits and the other checks handle like any client.
 */
export function guardStateChangingRequests(config: ServerConfig): MiddlewareHandler {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    if ((origin !== undefined && !isOwnOrigin(origin, allowedHostsOf(config, c))) || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
      return problem(c, 403, 'urn:service:cross_origin', 'Requests from other sites are not accepted');
    }
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return problem(c, 415, 'urn:service:unsupported_media_type', 'The request body must be application/json');
    }
    await next();
  };
}
