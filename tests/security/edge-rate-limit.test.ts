import { spawn } from 'node:child_process';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, test } from 'vitest';
import { childEnvironment, ConfigError, readConfig } from '../../src/shared/config.ts';
import { clientKey } from '../../server/newsletter/clientKey.ts';
import { rateLimit, type RateLimitOptions } from '../../server/throttle/signUpLimit.ts';
import { openDatabase } from '../../server/db.ts';
import { sharedDatabaseOf, type SharedDatabase } from '../../server/database/sharedDatabase.ts';
import { purgeExpiredThrottles } from '../../server/throttle/windowCounter.ts';
import { SIGN_UP, startEdgeServer } from './edge-helpers.ts';

// The sign-up rate limiter: validated configuration, trusted proxy, bounded store, IPv6 per /64.
const root = path.resolve(import.meta.dirname, '../..');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A real server with only the limiter in front of a 200, counting in `shared` (a fresh database by default). */
async function limitedServer(
  options: RateLimitOptions,
  shared: SharedDatabase = sharedDatabaseOf(openDatabase(':memory:')),
): Promise<string> {
  const app = new Hono();
  app.use(rateLimit(shared, options));
  app.get('/', (c) => c.text('ok'));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('configuration', () => {
  test.each([['abc'], ['0'], ['-5'], ['1.5'], ['30 ']])(
    'NEWSLETTER_SIGNUPS_PER_MINUTE=%j is refused with a message naming it',
    (value) => {
      expect(() => readConfig({ NEWSLETTER_SIGNUPS_PER_MINUTE: value })).toThrow(ConfigError);
      expect(() => readConfig({ NEWSLETTER_SIGNUPS_PER_MINUTE: value })).toThrow(/NEWSLETTER_SIGNUPS_PER_MINUTE/);
    },
  );

  test.each([
    ['PORT', 'http'],
    ['SITE_URL', 'shop.example'],
    ['SITE_URL', 'ftp://shop.example'],
    ['TRUST_PROXY', 'yes please'],
    ['LOGIN_TOKEN_TTL_SECONDS', '30 minutes'],
    ['NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR', '0'],
    ['NEWSLETTER_CONFIRMATIONS_PER_HOUR', 'many'],
  ])('%s=%j is refused with a message naming it', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`${name} `));
  });

  test('the defaults are the table in docs/configuration.md', () => {
    expect(readConfig({}, '/app')).toEqual({
      port: 4321,
      host: 'localhost',
      dbPath: '/app/.data/storefront.sqlite',
      distDir: '/app/dist',
      releasesDir: '/app/.data/releases',
      keepReleases: 5,
      publisher: 'auto',
      abVariants: true,
      outboxDir: '/app/.data/outbox',
      mail: {
        smtpUrl: undefined,
        from: 'Aroma Newsletter <newsletter@aroma.example>',
        replyTo: 'Aroma Kundenservice <service@aroma.example>',
        bounceDomain: 'aroma.example',
        dkim: undefined,
        retryMs: 5000,
        retryMaxMs: 600_000,
        softBounceLimit: 7,
        intakePort: undefined,
        feedbackLoopDomains: [],
        webhookSecret: undefined,
      },
      previewRendererDir: '/app/.data/preview-renderer',
      metricsToken: undefined,
      logFormat: 'text',
      siteUrl: 'http://localhost:4321',
      allowedHosts: [],
      trustProxy: false,
      signUpsPerMinute: 30,
      confirmationCaps: { perDomainPerHour: 200, perHour: 2000, perNetworkPerHour: 20 },
      accounts: { staffUser: undefined, staffPassword: undefined, shopperEmail: undefined, shopperPassword: undefined },
      secrets: { LOGIN_TOKEN_SECRET: undefined, LONG_TERM_TOKEN_SECRET: undefined },
      loginToken: { ttl: 1800, renewAfter: 600 },
      promotionAdminToken: undefined,
      iys: {
        url: undefined,
        iysCode: '100000',
        brandCode: '100001',
        username: 'stand-in',
        password: 'stand-in-password',
      },
      promotionAdminTokenFile: '/app/.data/promotion-admin-token',
    });
  });

  test('the server refuses to start with NEWSLETTER_SIGNUPS_PER_MINUTE=abc, naming the variable', async () => {
    const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
      cwd: root,
      env: childEnvironment({ PORT: '0', NEWSLETTER_SIGNUPS_PER_MINUTE: 'abc', DB_PATH: ':memory:' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('NEWSLETTER_SIGNUPS_PER_MINUTE');
    expect(output).not.toContain('Services and site on');
  });
});

describe('client keys', () => {
  test('IPv6 addresses are keyed by their /64, IPv4 (also IPv4-mapped) as they are', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
  });
});

describe('limiter', () => {
  const from = (origin: string, forwardedFor?: string) =>
    fetch(origin, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

  test('without TRUST_PROXY a client cannot escape its bucket by sending X-Forwarded-For', async () => {
    const origin = await limitedServer({ limit: 1, windowMs: 60_000, trustProxy: false });
    expect((await from(origin, '198.51.100.1')).status).toBe(200);
    expect((await from(origin, '198.51.100.2')).status).toBe(429);
  });

  test("with TRUST_PROXY clients behind the proxy get their own buckets, keyed on the proxy's (last) entry", async () => {
    const origin = await limitedServer({ limit: 1, windowMs: 60_000, trustProxy: true });
    expect((await from(origin, '198.51.100.1')).status).toBe(200);
    expect((await from(origin, '198.51.100.1')).status).toBe(429);
    expect((await from(origin, '198.51.100.2')).status).toBe(200);
    // A forged first entry does not help: the proxy appended the real address last.
    expect((await from(origin, '203.0.113.9, 198.51.100.1')).status).toBe(429);
  });

  test('IPv6 clients of one /64 share a bucket', async () => {
    const origin = await limitedServer({ limit: 1, windowMs: 60_000, trustProxy: true });
    expect((await from(origin, '2001:db8:0:1::1')).status).toBe(200);
    expect((await from(origin, '2001:db8:0:1::ffff')).status).toBe(429);
    expect((await from(origin, '2001:db8:0:2::1')).status).toBe(200);
  });

  test('the store is bounded: the sweep deletes every window that is over, and the client starts afresh', async () => {
    const db = openDatabase(':memory:');
    const shared = sharedDatabaseOf(db);
    const origin = await limitedServer({ limit: 1, windowMs: 1000, trustProxy: true }, shared);
    for (let client = 1; client <= 20; client += 1)
      expect((await from(origin, `198.51.100.${client}`)).status).toBe(200);
    expect((await from(origin, '198.51.100.1')).status).toBe(429);
    const windows = () => db.prepare('SELECT count(*) AS n FROM throttle_windows').get()!.n;
    expect(windows()).toBe(20);
    expect(await purgeExpiredThrottles(shared)).toBe(0);
    expect(await purgeExpiredThrottles(shared, Date.now() + 1001)).toBe(20);
    expect(windows()).toBe(0);
  });

  test('two servers on one database share the count (two instances behind a load balancer)', async () => {
    const shared = sharedDatabaseOf(openDatabase(':memory:'));
    const first = await limitedServer({ limit: 3, windowMs: 60_000, trustProxy: true }, shared);
    const second = await limitedServer({ limit: 3, windowMs: 60_000, trustProxy: true }, shared);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await from(i % 2 ? second : first, '198.51.100.7')).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  test('the sign-up uses the configured limit and TRUST_PROXY', async () => {
    const server = await startEdgeServer({ NEWSLETTER_SIGNUPS_PER_MINUTE: '1', TRUST_PROXY: 'true' });
    closers.push(server.close);
    const signUp = (email: string, forwardedFor: string) =>
      fetch(server.origin + SIGN_UP, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email, consents: [] }),
      });
    expect((await signUp('a@example.com', '198.51.100.1')).status).toBe(201);
    expect((await signUp('b@example.com', '198.51.100.1')).status).toBe(429);
    expect((await signUp('c@example.com', '198.51.100.2')).status).toBe(201);
  });
});
