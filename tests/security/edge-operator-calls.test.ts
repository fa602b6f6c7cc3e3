import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectProblem } from '../../server/expectProblem.ts';
import { startEdgeServer } from './edge-helpers.ts';

// The calls made for machines, not pages (docs/calls.md#record-opens, #mail-events, #one-click-cancel-of-a-sign-up),
// probed over real HTTP as an attacker would: oversized, wrong type, cross-site, unknown fields. None stores anything.
const ADMIN_TOKEN = 'operator-calls-admin-token-0123456789';
const WEBHOOK_SECRET = 'operator-calls-webhook-secret';
let server: Awaited<ReturnType<typeof startEdgeServer>>;
beforeAll(async () => {
  server = await startEdgeServer({
    SITE_URL: 'https://shop.example',
    ALLOWED_HOSTS: 'shop.example',
    PROMOTION_ADMIN_TOKEN: ADMIN_TOKEN,
    MAIL_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
});
afterAll(() => server.close());

const calls = [
  {
    name: 'reported opens',
    path: '/service/newsletter/api/opens',
    authorization: `Bearer ${ADMIN_TOKEN}`,
    valid: { opens: [{ shop: 'TR', email: 'a@example.com', openedAt: '2026-11-01T10:00:00Z' }] },
    largest: {
      opens: Array.from({ length: 1000 }, (_, i) => ({
        shop: 'TR',
        email: `reader-${i}@example.com`,
        openedAt: '2026-11-01T10:00:00Z',
      })),
    },
    unknownField: { opens: [{ shop: 'TR', email: 'a@example.com', openedAt: '2026-11-01T10:00:00Z', extra: 1 }] },
    maxBytes: 512 * 1024,
  },
  {
    name: 'mail events',
    path: '/service/mail/api/events',
    authorization: `Bearer ${WEBHOOK_SECRET}`,
    valid: { events: [{ type: 'bounce', bounceType: 'hard', email: 'a@example.com', shop: 'DE' }] },
    largest: {
      events: Array.from({ length: 500 }, (_, i) => ({
        type: 'bounce',
        bounceType: 'soft',
        email: `a-rather-long-local-part-of-an-address-${i}@mail.subdomain.example.com`,
        shop: 'CH_FR',
        jobId: 1_000_000 + i,
      })),
    },
    unknownField: { events: [{ type: 'bounce', bounceType: 'hard', email: 'a@example.com', shop: 'DE', extra: 1 }] },
    maxBytes: 256 * 1024,
  },
];

/** What the calls could change: opens, suppressions, subscribers. */
function stored() {
  return {
    suppressions: server.db.prepare('SELECT COUNT(*) AS n FROM suppressions').get(),
    opened: server.db.prepare('SELECT COUNT(*) AS n FROM subscribers WHERE last_opened_at IS NOT NULL').get(),
    subscribers: server.db.prepare('SELECT COUNT(*) AS n FROM subscribers').get(),
  };
}

describe.each(calls)('$name', (call) => {
  // What the valid call stored; every probe after it must leave exactly this.
  let before: ReturnType<typeof stored>;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(server.origin + call.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: call.authorization, ...headers },
      body,
    });

  test('a valid call with the right credentials is taken (the probes below are refused for their own reason)', async () => {
    expect((await post(JSON.stringify(call.valid))).status).toBe(200);
    before = stored();
  });

  test('its largest call (the most items it takes) fits its body limit', async () => {
    const body = JSON.stringify(call.largest);
    expect(body.length).toBeGreaterThan(16 * 1024);
    expect((await post(body)).status).toBe(200);
    before = stored();
  });

  test('a body over its limit gets 413 before anything reads it', async () => {
    const padding = 'x'.repeat(call.maxBytes);
    await expectProblem(await post(JSON.stringify({ ...call.valid, padding })), 413, 'urn:service:payload_too_large');
    expect(stored()).toEqual(before);
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded'])('a body of type %s gets 415', async (type) => {
    await expectProblem(
      await post(JSON.stringify(call.valid), { 'content-type': type }),
      415,
      'urn:service:unsupported_media_type',
    );
    expect(stored()).toEqual(before);
  });

  test('a cross-site request from a page, credentials and all, gets 403', async () => {
    await expectProblem(
      await post(JSON.stringify(call.valid), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      403,
      'urn:service:cross_origin',
    );
    expect(stored()).toEqual(before);
  });

  test('unknown fields, a wrong type or malformed JSON get 400, never 500', async () => {
    for (const body of [
      JSON.stringify(call.unknownField),
      JSON.stringify({ [Object.keys(call.valid)[0]!]: 'x' }),
      '{"a":',
    ]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
    }
    expect(stored()).toEqual(before);
  });

  test('without the credentials: 401', async () => {
    const response = await post(JSON.stringify(call.valid), { authorization: 'Bearer wrong' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(stored()).toEqual(before);
  });
});
