import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { OPENS_PER_CALL_MAX } from '../../src/shared/newsletter/opensSchema.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { storeSubscriber } from './subscriberRows.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';

// POST /service/newsletter/api/opens, the retailer's mailing system reporting opened e-bulletins
// (docs/calls.md#record-opens).
const ADMIN_TOKEN = 'opens-test-admin-token-0123456789abcdef';
const OPENS = '/service/newsletter/api/opens';
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer({ env: { PROMOTION_ADMIN_TOKEN: ADMIN_TOKEN }, mail: false });
});
afterEach(() => server.close());

function post(body: unknown, token: string | null = ADMIN_TOKEN) {
  return fetch(server.origin + OPENS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const lastOpened = (email: string) =>
  (
    server.db.prepare('SELECT last_opened_at FROM subscribers WHERE email = ?').get(email) as {
      last_opened_at: string | null;
    }
  ).last_opened_at;

describe('POST /service/newsletter/api/opens', () => {
  test('answers 401 problem+json without the admin token or with a wrong one, and records nothing', async () => {
    storeSubscriber(server.db, { email: 'a@example.com', site: 'TR' });
    const body = { opens: [{ shop: 'TR', email: 'a@example.com', openedAt: '2026-11-20T10:00:00Z' }] };
    for (const token of [null, 'wrong-token-0123456789abcdefgh']) {
      const response = await post(body, token);
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await response.json()).toMatchObject({ type: 'urn:service:unauthorized', status: 401 });
    }
    expect(lastOpened('a@example.com')).toBeNull();
  });

  test('records opens of subscribed subscribers of that shop, ignores the others, and answers the counts', async () => {
    storeSubscriber(server.db, { email: 'ayse@example.com', site: 'TR' });
    storeSubscriber(server.db, { email: 'kunde@example.com', site: 'DE' });
    storeSubscriber(server.db, { email: 'gone@example.com', site: 'TR', status: 'UNSUBSCRIBED' });
    const response = await post({
      opens: [
        { shop: 'TR', email: ' AYSE@Example.com ', openedAt: '2026-11-20T13:00:00+03:00' },
        { shop: 'TR', email: 'kunde@example.com', openedAt: '2026-11-20T10:00:00Z' },
        { shop: 'TR', email: 'gone@example.com', openedAt: '2026-11-20T10:00:00Z' },
        { shop: 'TR', email: 'nobody@example.com', openedAt: '2026-11-20T10:00:00Z' },
      ],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recorded: 1, ignored: 3 });
    expect([lastOpened('ayse@example.com'), lastOpened('kunde@example.com'), lastOpened('gone@example.com')]).toEqual([
      '2026-11-20T10:00:00.000Z',
      null,
      null,
    ]);
  });

  test('matches an address as the sign-up stored it; unsubscribing erases the last open', async () => {
    const client = newsletterTestClient(server, `${server.dir}/outbox`);
    server.mail.sender.start();
    const token = await client.subscribed(
      { email: 'Mixed.Case@Example.com', firstName: 'Ayşe', lastName: 'Yılmaz', legals: ['NEWSLETTER'] },
      'TR',
    );
    expect(
      await (
        await post({ opens: [{ shop: 'TR', email: 'mixed.case@example.com', openedAt: '2026-11-20T10:00:00Z' }] })
      ).json(),
    ).toEqual({ recorded: 1, ignored: 0 });
    expect(lastOpened('Mixed.Case@Example.com')).toBe('2026-11-20T10:00:00.000Z');
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {})).status).toBe(204);
    expect(lastOpened('Mixed.Case@Example.com')).toBeNull();
  });

  test('an older open never moves the last open back', async () => {
    storeSubscriber(server.db, { email: 'ayse@example.com', site: 'TR' });
    await post({ opens: [{ shop: 'TR', email: 'ayse@example.com', openedAt: '2026-11-20T10:00:00Z' }] });
    const older = await post({ opens: [{ shop: 'TR', email: 'ayse@example.com', openedAt: '2025-01-01T00:00:00Z' }] });
    expect(await older.json()).toEqual({ recorded: 1, ignored: 0 });
    expect(lastOpened('ayse@example.com')).toBe('2026-11-20T10:00:00.000Z');
  });

  test.each([
    ['no body', '', '$'],
    ['not JSON', '{', '$'],
    ['no list', {}, '$.opens'],
    ['an unknown field', { opens: [], extra: 1 }, '$.extra'],
    [
      'an unknown shop',
      { opens: [{ shop: 'XX', email: 'a@example.com', openedAt: '2026-11-20T10:00:00Z' }] },
      '$.opens[0].shop',
    ],
    [
      'a bad address',
      { opens: [{ shop: 'TR', email: 'not an address', openedAt: '2026-11-20T10:00:00Z' }] },
      '$.opens[0].email',
    ],
    [
      'a time without zone',
      { opens: [{ shop: 'TR', email: 'a@example.com', openedAt: '2026-11-20T10:00:00' }] },
      '$.opens[0].openedAt',
    ],
    [
      'a day the month lacks',
      { opens: [{ shop: 'TR', email: 'a@example.com', openedAt: '2026-02-30T10:00:00Z' }] },
      '$.opens[0].openedAt',
    ],
    [
      'an open in the future',
      { opens: [{ shop: 'TR', email: 'a@example.com', openedAt: new Date(Date.now() + 3_600_000).toISOString() }] },
      '$.opens[0].openedAt',
    ],
  ])('answers 400 problem+json naming the field for %s, and records nothing', async (_name, body, path) => {
    storeSubscriber(server.db, { email: 'a@example.com', site: 'TR' });
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await response.json()) as { type: string; problems: { path: string }[] };
    expect(problem.type).toBe('urn:newsletter:invalid_request');
    expect(problem.problems.map((entry) => entry.path)).toContain(path);
    expect(lastOpened('a@example.com')).toBeNull();
  });

  test('refuses a list over the limit whole, and stores none of it', async () => {
    storeSubscriber(server.db, { email: 'a@example.com', site: 'TR' });
    const open = { shop: 'TR', email: 'a@example.com', openedAt: '2026-11-20T10:00:00Z' };
    const response = await post({ opens: Array.from({ length: OPENS_PER_CALL_MAX + 1 }, () => open) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { problems: { path: string }[] }).problems).toEqual([
      { path: '$.opens', message: `must list at most ${OPENS_PER_CALL_MAX} opens` },
    ]);
    expect(lastOpened('a@example.com')).toBeNull();
    const full = await post({ opens: Array.from({ length: OPENS_PER_CALL_MAX }, () => open) });
    expect(await full.json()).toEqual({ recorded: OPENS_PER_CALL_MAX, ignored: 0 });
  });

  test('refuses a body over its size limit with 413 before reading it', async () => {
    const response = await post({ opens: [], padding: 'x'.repeat(600 * 1024) });
    expect(response.status).toBe(413);
  });
});
