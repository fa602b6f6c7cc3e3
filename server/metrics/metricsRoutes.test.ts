import { afterEach, describe, expect, test } from 'vitest';
import { readConfig } from '../../src/shared/config.ts';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../newsletter/testClient.ts';
import { adminTokenBackoff } from '../promotion/adminToken.ts';
import { sampleValue, samplesOf } from './exposition.ts';

// GET /service/metrics (docs/calls.md#metrics): who may scrape, what the scrape holds, and that it moves with what
// shoppers do.
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const path = serviceUrl(services.metrics, 'metrics');
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const scrape = (token = METRICS_TOKEN) =>
  fetch(server!.origin + path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const scraped = async () => {
  const response = await scrape();
  expect(response.status).toBe(200);
  return response.text();
};

describe('the token', () => {
  test('without METRICS_TOKEN the endpoint does not exist', async () => {
    server = await startTestServer();
    const response = await scrape();
    expect(response.status).toBe(404);
  });

  test('a METRICS_TOKEN shorter than 16 characters stops the start, without echoing it', () => {
    expect(() => readConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters (got "…")',
    );
  });

  test('a missing or wrong token gets 401; repeated wrong tokens are throttled like the admin token', async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
    const missing = await scrape('');
    expect([missing.status, missing.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="metrics"']);
    expect((await scrape(`${METRICS_TOKEN}x`)).status).toBe(401);
    // The free attempts of the admin token's backoff, then a wait for every call of that client, the right token too.
    for (let attempt = 2; attempt < adminTokenBackoff.freeAttempts; attempt++)
      expect((await scrape('wrong-token-0123456789')).status).toBe(401);
    const throttled = await scrape();
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('the right token gets the text format', async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the exposition', () => {
  test('names every series the operators alert on, with bounded labels', async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
    // Counted from here: the registry is the process's, and other servers of this worker may have answered before.
    const healthCount = (scrape: string, status: number) =>
      sampleValue(scrape, 'http_request_duration_seconds_count', {
        route: '/service/health',
        method: 'GET',
        status: String(status),
      });
    const before = await scraped();
    const health = await fetch(`${server.origin}/service/health`);
    const text = await scraped();
    const names = new Set(samplesOf(text).map((sample) => sample.name));
    for (const name of [
      'http_request_duration_seconds_bucket',
      'mail_jobs',
      'mail_oldest_unsent_age_seconds',
      'mail_sender_stalled',
      'iys_registrations',
      'iys_past_deadline',
      'database_busy_total',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(names, name).toContain(name);
    for (const name of ['newsletter_signups_total', 'mail_sent_total', 'publish_build_duration_seconds'])
      expect(text).toContain(`# TYPE ${name}`);
    // The route pattern, not the path a client sent.
    expect(healthCount(text, health.status) - healthCount(before, health.status)).toBe(1);
  });

  test('a route with a token is labelled by its pattern', async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
    await fetch(`${server.origin}${SUBSCRIBERS}/${'n'.repeat(43)}`);
    const routes = samplesOf(await scraped()).map((sample) => sample.labels.route ?? '');
    expect(routes).toContain(`${SUBSCRIBERS}/:token`);
    expect(routes.join(' ')).not.toContain('nnnn');
  });
});

describe('the counters', () => {
  test('move after a sign-up, a refused one, a confirmation and an unsubscribe, by shop', async () => {
    server = await startTestServer({ env: { METRICS_TOKEN } });
    const client = newsletterTestClient(server, `${server.dir}/outbox`);
    const before = await scraped();
    const preferences = await client.subscribed({ email: 'metrics@example.com' }, 'AT');
    expect((await client.subscribe({ email: 'not an address' }, { site: 'AT' })).status).toBe(400);
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${preferences}`)).status).toBe(204);
    const after = await scraped();
    const moved = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect({
      created: moved('newsletter_signups_total', { shop: 'at', outcome: 'created' }),
      refused: moved('newsletter_signups_total', { shop: 'at', outcome: 'refused' }),
      confirmed: moved('newsletter_confirmations_total', { shop: 'at' }),
      unsubscribed: moved('newsletter_unsubscribes_total', { shop: 'at', channel: 'preferences' }),
      sent: moved('mail_sent_total', { kind: 'newsletter.confirmation', result: 'sent' }),
    }).toEqual({ created: 1, refused: 1, confirmed: 1, unsubscribed: 1, sent: 1 });
    expect(after).not.toContain('metrics@example.com');
  });
});
