import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { ServerConfig } from '../../src/shared/config.ts';
import { problem } from '../problem.ts';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const LOOPBACK_INTERFACES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);

/** The port the request came in on: the server's own, even when it was started on port 0. */
function localPort(c: Context): number | undefined {
  return (c.env as HttpBindings | undefined)?.incoming?.socket?.localPort;
}

/**
 * The `host[:port]` names this server answers to: the configured site's, `ALLOWED_HOSTS`, and the address it listens
 * on with the port the request arrived at (all loopback names when it listens on loopback or every interface, so
 * `npm start`, `npm run serve` and the test harness on a random port keep working). See docs/calls.md.
 */
export function allowedHostsOf(config: ServerConfig, c: Context): Set<string> {
  const names = new Set([new URL(config.siteUrl).host, ...config.allowedHosts]);
  const port = localPort(c);
  if (port !== undefined) {
    const own = LOOPBACK_INTERFACES.has(config.host) ? LOOPBACK_NAMES : [config.host.includes(':') ? `[${config.host}]` : config.host];
    for (const name of own) names.add(`${name.toLowerCase()}:${port}`);
  }
  return names;
}

/**
 * Refuses a request whose Host header names a site that is not this one (400): pages, redirects and e-mails must
 * never be built for a host an attacker chose.
 */
export function requireAllowedHost(config: ServerConfig): MiddlewareHandler {
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (!allowedHostsOf(config, c).has(host)) return problem(c, 400, 'urn:service:host_not_allowed', 'Unknown host');
    await next();
  };
}
