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
    const own = LOOPBACK_INTERFACES.has(config.host)
      ? LOOPBACK_NAMES
      : [config.host.includes(':') ? `[${config.host}]` : config.host];
    for (const name of own) names.add(`${name.toLowerCase()}:${port}`);
  }
  return names;
}

/**
 * The host an absolute-form request line names (`GET http://host:port/de/ HTTP/1.1`), which an origin server must use
 * instead of the Host header (RFC 9112, 3.2.2); undefined for the usual origin form (`GET /de/`).
 */
function absoluteFormHost(c: Context): string | undefined {
  const target = (c.env as HttpBindings | undefined)?.incoming?.url;
  if (target === undefined || target.startsWith('/') || !URL.canParse(target)) return undefined;
  const url = new URL(target);
  return url.port ? url.host : `${url.host}:${url.protocol === 'https:' ? 443 : 80}`;
}

/**
 * Refuses a request whose Host header, or the host its request line names, is not this site's (400): pages, redirects
 * and e-mails must never be built for a host an attacker chose.
 */
export function requireAllowedHost(config: ServerConfig): MiddlewareHandler {
  return async (c, next) => {
    const allowed = allowedHostsOf(config, c);
    const host = (c.req.header('host') ?? '').toLowerCase();
    const target = absoluteFormHost(c);
    if (
      !allowed.has(host) ||
      (target !== undefined && !allowed.has(target) && !allowed.has(target.replace(/:(80|443)$/, '')))
    ) {
      return problem(c, 400, 'urn:service:host_not_allowed', 'Unknown host');
    }
    await next();
  };
}
