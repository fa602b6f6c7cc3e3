import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { subscriberFixture } from '../../src/shared/fixtures/subscriberFixture.ts';
import { signLoginToken } from '../login/loginToken.ts';
import { serverSecret } from '../secrets.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { linkIn, readOutbox } from '../mail/outboxReader.ts';
import { newsletterTestClient } from './testClient.ts';

const base = '/service/newsletter/api/internal';
const url = `${base}/newsletter-subscribers`;
let server: TestServer;
let outbox: string;

beforeEach(async () => {
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-outbox-'));
  server = await startTestServer({ env: { OUTBOX_DIR: outbox } });
});
afterEach(async () => {
  await server.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

function subscribe(body: unknown, init: { base?: string; headers?: Record<string, string> } = {}) {
  return fetch(server.origin + (init.base ?? url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function storedSubscribers() {
  return server.db
    .prepare('SELECT email, first_name, consents, origin, origin_addition, status FROM subscribers')
    .all();
}

/** Every mail in the outbox, parsed as a mail client reads it. */
const outboxMails = () => readOutbox(outbox);

/** The confirmation link of the newest mail to `email` (the `count`th), waiting for the sender to deliver it. */
async function linkFor(email: string, count = 1): Promise<URL> {
  return linkIn(await newsletterTestClient(server, outbox).mailTo(email, count), '/newsletter/confirm/');
}

function put(pathname: string, body?: unknown) {
  return fetch(server.origin + pathname, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function loginToken(claims: { lid: string; exp?: number }) {
  const now = Math.floor(Date.now() / 1000);
  return signLoginToken(
    { lid: claims.lid, exp: claims.exp ?? now + 3600, ren: now + 600 },
    serverSecret(server.db, 'loginToken'),
  );
}

describe('POST /newsletter-subscribers', () => {
  test('stores a valid sign-up as waiting for double opt-in and answers 201', async () => {
    // AT's form shows the personal fields (DE's does not, and stores none).
    const response = await subscribe(
      { email: 'anna@example.com', firstName: 'Zoë', consents: ['DNE'] },
      { headers: { site: 'AT' } },
    );
    expect(response.status).toBe(201);
    expect(storedSubscribers()).toEqual([
      {
        email: 'anna@example.com',
        first_name: 'Zoë',
        consents: '["DNE"]',
        origin: 'onsite',
        origin_addition: 'subsite',
        status: 'WAITING_FOR_DOI',
      },
    ]);
    const row = server.db
      .prepare('SELECT consented_at, doi_token_hash, doi_token_expires_at FROM subscribers')
      .get() as Record<string, string>;
    expect(Date.parse(row.consented_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(row.doi_token_expires_at!)).toBeGreaterThan(Date.now() + 13 * 24 * 3600_000);
  });

  test('is also reachable under the private base path', async () => {
    const response = await subscribe(
      { email: 'b@example.com', consents: [] },
      { base: url.replace('internal', 'private') },
    );
    expect(response.status).toBe(201);
  });

  test('answers the email_invalid problem for a bad address and stores nothing', async () => {
    const response = await subscribe({ email: 'not-an-address', consents: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'urn:newsletter:email_invalid' });
    expect(storedSubscribers()).toEqual([]);
    expect(await outboxMails()).toEqual([]);
  });

  test('answers a generic problem for other invalid fields and for malformed JSON', async () => {
    const badName = await subscribe({ email: 'c@example.com', firstName: 'www.spam.com', consents: [] });
    expect(badName.status).toBe(400);
    expect(await badName.json()).toMatchObject({ type: 'urn:newsletter:invalid_request' });
    const malformed = await subscribe('{"email":');
    expect(malformed.status).toBe(400);
    expect(storedSubscribers()).toEqual([]);
  });

  test('writes a confirmation e-mail with a single-use link of at least 32 characters to the outbox, in the shop language', async () => {
    await subscribe(
      { email: 'eva@example.com', salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács', consents: [] },
      { headers: { referer: `${server.origin}/hu/` } },
    );
    const link = await linkFor('eva@example.com');
    const [mail] = await outboxMails();
    expect(mail!.to).toBe('eva@example.com');
    expect(mail!.text).toContain('Kedves Olvasónk');
    expect(link.pathname).toBe('/hu/newsletter/confirm/');
    expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(32);
    // Only a hash of the token is stored; the job that carried it forgets it once the mail is out.
    const token = link.searchParams.get('token')!;
    await expect
      .poll(() => JSON.stringify(server.db.prepare('SELECT * FROM mail_jobs').all()))
      .toContain('"state":"sent"');
    expect(JSON.stringify(server.db.prepare('SELECT * FROM subscribers').all())).not.toContain(token);
    expect(JSON.stringify(server.db.prepare('SELECT * FROM mail_jobs').all())).not.toContain(token);
  });

  test('builds the link on SITE_URL, whatever Host header the request claims', async () => {
    await server.close();
    server = await startTestServer({
      env: { OUTBOX_DIR: outbox, SITE_URL: 'https://shop.example', ALLOWED_HOSTS: 'shop.example' },
    });
    await subscribe(
      { email: 'host@example.com', consents: [] },
      { headers: { host: 'shop.example', referer: 'https://shop.example/pl/' } },
    );
    const link = await linkFor('host@example.com');
    expect(link.origin).toBe('https://shop.example');
    expect(link.pathname).toBe('/pl/newsletter/confirm/');
  });

  test('gives an already subscribed address the same answer as a new one, and sends no new link', async () => {
    const first = await subscribe({ email: 'd@example.com', consents: [] });
    await put(`${url}/${(await linkFor('d@example.com')).searchParams.get('token')}/doi`);
    const again = await subscribe({ email: 'D@example.com', consents: ['DNE'] });
    const fresh = await subscribe({ email: 'new@example.com', consents: [] });
    expect([first.status, again.status, fresh.status]).toEqual([201, 201, 201]);
    expect(await again.text()).toBe(await fresh.text());
    expect([...again.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    expect(storedSubscribers()).toHaveLength(2);
    await linkFor('new@example.com');
    await newsletterTestClient(server, outbox).mailTo('d@example.com', 2);
    // d@: the confirmation and the welcome mail; new@: its confirmation. Nothing for the second sign-up of d@.
    expect((await outboxMails()).map((mail) => mail.to).sort()).toEqual([
      'd@example.com',
      'd@example.com',
      'new@example.com',
    ]);
  });
});

describe('double opt-in by token', () => {
  test('PUT /{token}/doi subscribes once; the spent link then answers like an unknown one (404)', async () => {
    await subscribe({ email: 'f@example.com', consents: ['DNE'] });
    const token = (await linkFor('f@example.com')).searchParams.get('token')!;
    expect((await put(`${url}/${token}/doi`)).status).toBe(200);
    expect(storedSubscribers()).toMatchObject([{ email: 'f@example.com', status: 'SUBSCRIBED' }]);
    const again = await put(`${url}/${token}/doi`);
    expect(again.status).toBe(404);
    expect((await put(`${url}/${'x'.repeat(43)}/doi`)).status).toBe(404);
  });

  test('an expired link answers 410 and subscribes nobody', async () => {
    await subscribe({ email: 'g@example.com', consents: [] });
    server.db.prepare('UPDATE subscribers SET doi_token_expires_at = ?').run(new Date(Date.now() - 1000).toISOString());
    expect((await put(`${url}/${(await linkFor('g@example.com')).searchParams.get('token')}/doi`)).status).toBe(410);
    expect(storedSubscribers()).toMatchObject([{ status: 'WAITING_FOR_DOI' }]);
  });

  test('unconfirmed sign-ups whose link expired are deleted; confirmed ones stay', async () => {
    await subscribe({ email: 'old@example.com', consents: [] });
    await subscribe({ email: 'kept@example.com', consents: [] });
    await put(`${url}/${(await linkFor('kept@example.com')).searchParams.get('token')}/doi`);
    server.db.prepare('UPDATE subscribers SET doi_token_expires_at = ?').run(new Date(Date.now() - 1000).toISOString());
    await subscribe({ email: 'new@example.com', consents: [] });
    expect(storedSubscribers().map((row) => row.email)).toEqual(['kept@example.com', 'new@example.com']);
  });

  test('a new sign-up more than 10 minutes after the e-mail replaces the old link', async () => {
    await subscribe({ email: 'h@example.com', consents: [] });
    const old = (await linkFor('h@example.com')).searchParams.get('token');
    await expect
      .poll(() => server.db.prepare('SELECT confirmation_sent_at FROM subscribers').get())
      .toMatchObject({ confirmation_sent_at: expect.any(String) });
    server.db
      .prepare('UPDATE subscribers SET confirmation_sent_at = ?')
      .run(new Date(Date.now() - 11 * 60_000).toISOString());
    await subscribe({ email: 'h@example.com', consents: [] });
    expect((await put(`${url}/${old}/doi`)).status).toBe(404);
    expect((await put(`${url}/${(await linkFor('h@example.com', 2)).searchParams.get('token')}/doi`)).status).toBe(200);
  });

  test('GET /{token} reads the pending sign-up; GET and PUT with the preferences token read and change it', async () => {
    await subscribe(
      { email: 'i@example.com', salutation: 'MR', firstName: 'Łukasz', consents: [] },
      { headers: { site: 'AT' } },
    );
    const link = (await linkFor('i@example.com')).searchParams.get('token');
    const read = await fetch(`${server.origin}${url}/${link}`);
    expect(await read.json()).toEqual(
      subscriberFixture({
        email: 'i@example.com',
        salutation: 'MR',
        firstName: 'Łukasz',
        lastName: null,
        status: 'WAITING_FOR_DOI',
      }),
    );
    const { preferencesToken: token } = (await (await put(`${url}/${link}/doi`, {})).json()) as {
      preferencesToken: string;
    };
    const changed = await put(`${url}/${token}`, {
      salutation: 'MRS',
      firstName: 'Şule',
      lastName: 'Yılmaz',
      consents: ['DNE'],
    });
    expect(await changed.json()).toMatchObject({
      salutation: 'MRS',
      firstName: 'Şule',
      lastName: 'Yılmaz',
      consents: ['DNE'],
    });
    expect((await put(`${url}/${token}`, { firstName: 'http://spam', consents: [] })).status).toBe(400);
    expect((await fetch(`${server.origin}${url}/unknown-token`)).status).toBe(404);
  });
});

describe('rate limit', () => {
  test('answers a generic 429 after too many sign-ups from one client, whatever the address', async () => {
    await server.close();
    server = await startTestServer({ env: { OUTBOX_DIR: outbox, NEWSLETTER_SIGNUPS_PER_MINUTE: '3' } });
    const statuses = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'not-an-address']) {
      statuses.push((await subscribe({ email, consents: [] })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const limited = await subscribe({ email: 'e@example.com', consents: [] });
    expect(await limited.json()).toMatchObject({ type: 'urn:service:too_many_requests' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(storedSubscribers()).toHaveLength(3);
  });
});

describe('GET /customers/base-data', () => {
  test('answers the logged-in customer base data for a valid login token', async () => {
    const response = await fetch(`${server.origin}${base}/customers/base-data`, {
      headers: { 'x-login-token': loginToken({ lid: 'demo-customer' }) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      email: 'demo.kundin@example.com',
      salutation: 'MRS',
      firstName: 'Erika',
      lastName: 'Musterfrau',
      consents: ['DNE'],
    });
  });

  test('refuses a missing, forged, expired or unknown login with 401', async () => {
    const forged = loginToken({ lid: 'demo-customer' }).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const expired = loginToken({ lid: 'demo-customer', exp: Math.floor(Date.now() / 1000) - 1 });
    for (const headers of [
      {} as Record<string, string>,
      { 'x-login-token': forged },
      { 'x-login-token': expired },
      { 'x-login-token': loginToken({ lid: 'nobody' }) },
    ]) {
      expect((await fetch(`${server.origin}${base}/customers/base-data`, { headers })).status).toBe(401);
    }
  });
});

describe('GET psdata', () => {
  const psdata = '/service/customerfrontenddata/api/v1/psdata';

  test('answers the nl_status of the logged-in customer only, following the double opt-in', async () => {
    const cookie = `login_token=${loginToken({ lid: 'demo-customer' })}`;
    const status = async () => (await (await fetch(server.origin + psdata, { headers: { cookie } })).json()) as unknown;
    expect(await status()).toEqual({ nl_status: null });
    await subscribe({ email: 'demo.kundin@example.com', consents: [] });
    expect(await status()).toEqual({ nl_status: 'WAITING_FOR_DOI' });
    await put(`${url}/${(await linkFor('demo.kundin@example.com')).searchParams.get('token')}/doi`);
    expect(await status()).toEqual({ nl_status: 'SUBSCRIBED' });
  });

  test('answers 401 without a login and is never cached', async () => {
    const response = await fetch(`${server.origin}${psdata}?email=demo.kundin@example.com`);
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
