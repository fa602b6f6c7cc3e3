import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The first four groups (/64) of an IPv6 address: one subscriber line usually gets a whole /64 to pick from. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}

/**
 * The rate-limit key of a client address: IPv4 as it is (also when written IPv4-mapped, `::ffff:a.b.c.d`),
 * IPv6 by its /64 so a client cannot get a fresh bucket per address of its own network.
 */
export function clientKey(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  return isIPv6(bare) ? ipv6Prefix64(bare) : bare;
}

/**
 * The client's address: the socket's, unless a trusted reverse proxy is in front, in which case the last
 * X-Forwarded-For entry (the one that proxy appended; earlier entries are the client's to choose).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const last = forwardedFor.split(',').at(-1)?.trim();
    if (last) return last;
  }
  return socketAddress ?? 'unknown';
}

/**
 * The network a client address belongs to, as the confirmation caps count it (docs/newsletter.md#rate-limit): IPv4 by
 * its /24 (also when written IPv4-mapped), IPv6 by its /48, the allocation of one site; anything else as it is.
 */
export function clientNetwork(address: string): string {
  const key = clientKey(address);
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  if (key.endsWith('::/64')) return `${key.split(':').slice(0, 3).join(':')}::/48`;
  return key;
}

/** The client network of a request (`trustProxy`: its last X-Forwarded-For entry, see {@link clientAddress}). */
export function requestClientNetwork(c: Context, trustProxy: boolean): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // A request handed to the app without a socket (app.request in tests): no address of its own.
  }
  return clientNetwork(clientAddress(socketAddress, c.req.header('x-forwarded-for'), trustProxy));
}
