import type { Context, MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../../src/shared/config.ts';
import { problem } from '../problem.ts';
import { allowedHostsOf } from './allowedHosts.ts';
import { routeRegExp, services } from '../../src/shared/routes.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The writes that come from elsewhere by design: RFC 8058 one-click unsubscribe, which a mailbox provider POSTs as a
 * form from its own servers to the `List-Unsubscribe` URL of a mail (docs/calls.md#one-click-unsubscribe), and its
 * twin on the confirmation mail, which cancels the pending sign-up (docs/calls.md#one-click-cancel-of-a-sign-up).
 * The token in the path is the authority; the routes check the form themselves. Only this method and exactly these
 * paths.
 */
const ONE_CLICK_UNSUBSCRIBE = {
  method: 'POST',
  paths: [
    routeRegExp(services.newsletter.base + services.newsletter.calls.unsubscribeOneClick.path),
    routeRegExp(services.newsletter.base + services.newsletter.calls.cancelSignUpOneClick.path),
  ],
} as const;

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
 * Whether a request comes from another site (docs/calls.md): an `Origin` that is not this site's, or a
 * `Sec-Fetch-Site` other than `same-origin`. A request with neither header comes from a program acting on its own
 * behalf (see below), not from a browser made to send it.
 */
export function comesFromAnotherSite(c: Context, config: ServerConfig): boolean {
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  return (
    (origin !== undefined && !isOwnOrigin(origin, allowedHostsOf(config, c))) ||
    (fetchSite !== undefined && fetchSite !== 'same-origin')
  );
}

/**
 * Guards every state-changing call under `/service` so that another web site cannot make its visitors' browsers call
 * it (see docs/calls.md):
 * - 415 unless the body is `application/json`: a cross-site page can only send `text/plain`, form or multipart bodies
 *   without a CORS preflight, which this server never grants;
 * - 403 unless the `Origin` is this site's, and 403 when `Sec-Fetch-Site` says anything but `same-origin`.
 * One-click unsubscribe is exempt (see above); every other write is held to these rules.
 * A request with neither header is let through: every current browser sends `Origin` on a POST, PUT, PATCH or DELETE
 * (same-origin ones included), so such a request comes from a program (curl, a backend) acting on its own behalf,
 * from its own address, which the rate limits and the other checks handle like any client.
 */
export function guardStateChangingRequests(config: ServerConfig): MiddlewareHandler {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    if (
      c.req.method === ONE_CLICK_UNSUBSCRIBE.method &&
      ONE_CLICK_UNSUBSCRIBE.paths.some((path) => path.test(c.req.path))
    )
      return next();
    if (comesFromAnotherSite(c, config)) {
      return problem(c, 403, 'urn:service:cross_origin', 'Requests from other sites are not accepted');
    }
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (mediaType !== 'application/json') {
      return problem(c, 415, 'urn:service:unsupported_media_type', 'The request body must be application/json');
    }
    await next();
  };
}
