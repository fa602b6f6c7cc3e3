import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { subscriberFixture } from '../../src/shared/fixtures/subscriberFixture.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { signLoginToken } from '../login/loginToken.ts';
import { linkIn } from '../mail/outboxReader.ts';
import { serverSecret } from '../secrets.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';
import { mailJobFixture } from '../fixtures/mailJobFixture.ts';
import { shopByCode } from '../../src/shared/countries.ts';

// The contract the preferences page codes against (docs/calls.md#unsubscribe, #update-subscriber), and one-click
// unsubscribe (docs/calls.md#one-click-unsubscribe).
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;

beforeEach(async () => {
  server = await startTestServer();
  client = newsletterTestClient(server, `${server.dir}/outbox`);
});
afterEach(() => server.close());

const row = (email: string) =>
  server.db.prepare('SELECT * FROM subscribers WHERE email = ?').get(email) as Record<string, unknown>;
const events = (email: string) =>
  server.db.prepare('SELECT event, channel, consents FROM consent_events WHERE email = ? ORDER BY id').all(email) as {
    event: string;
    channel: string;
  }[];
const unknownTokenAnswer = async () => (await client.json('GET', `${SUBSCRIBERS}/${'n'.repeat(43)}`)).text();

describe('DELETE /newsletter-subscribers/{preferencesToken}', () => {
  test('ends the subscription with 204 and no body, for a body of {} and for none', async () => {
    const first = await client.subscribed({ email: 'one@example.com' });
    const second = await client.subscribed({ email: 'two@example.com' });
    const withBody = await client.json('DELETE', `${SUBSCRIBERS}/${first}`, {});
    const withoutBody = await client.json('DELETE', `${SUBSCRIBERS}/${second}`);
    expect([withBody.status, await withBody.text(), withoutBody.status, await withoutBody.text()]).toEqual([
      204,
      '',
      204,
      '',
    ]);
    expect([row('one@example.com').status, row('two@example.com').status]).toEqual(['UNSUBSCRIBED', 'UNSUBSCRIBED']);
  });

  test('afterwards GET, PUT and DELETE with the token answer exactly like a token never issued', async () => {
    const token = await client.subscribed({ email: 'gone@example.com' });
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {})).status).toBe(204);
    const unknown = await unknownTokenAnswer();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { consents: [] }],
      ['DELETE', {}],
    ] as const) {
      const response = await client.json(method, `${SUBSCRIBERS}/${token}`, body);
      expect([method, response.status, await response.text()]).toEqual([method, 404, unknown]);
    }
    expect(JSON.parse(unknown)).toMatchObject({ type: 'urn:newsletter:token_unknown' });
  });

  test('erases the names, keeps address, times and consent evidence, and logs consent and withdrawal', async () => {
    const token = await client.subscribed(
      { email: 'eva@example.com', salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács', consents: ['DNE'] },
      'HU',
    );
    await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
    const stored = row('eva@example.com');
    expect(stored).toMatchObject({
      email: 'eva@example.com',
      salutation: null,
      first_name: null,
      last_name: null,
      consents: '["DNE"]',
      site: 'HU',
      status: 'UNSUBSCRIBED',
      preferences_token_hash: null,
    });
    for (const column of ['consented_at', 'confirmed_at', 'unsubscribed_at', 'consent_text_version'])
      expect(stored[column], column).toEqual(expect.any(String));
    expect(events('eva@example.com')).toEqual([
      { event: 'SIGNED_UP', channel: 'sign-up', consents: '["DNE"]' },
      { event: 'CONFIRMED', channel: 'confirmation link', consents: '["DNE"]' },
      { event: 'WITHDRAWN', channel: 'preferences', consents: '["DNE"]' },
    ]);
  });

  test('a pending sign-up link, a spent confirmation link and an unknown token answer 404 and end nothing', async () => {
    await client.subscribe({ email: 'pending@example.com', consents: [] });
    const pending = await client.confirmationToken('pending@example.com');
    await client.subscribe({ email: 'done@example.com', consents: [] });
    const spent = await client.confirmationToken('done@example.com');
    await client.json('PUT', `${SUBSCRIBERS}/${spent}/doi`, {});
    const unknown = await unknownTokenAnswer();
    for (const token of [pending, spent, 'x'.repeat(43)]) {
      const response = await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
      expect([response.status, await response.text()]).toEqual([404, unknown]);
    }
    expect([row('pending@example.com').status, row('done@example.com').status]).toEqual([
      'WAITING_FOR_DOI',
      'SUBSCRIBED',
    ]);
  });

  test('a body other than {} is refused with 400 and ends nothing', async () => {
    const token = await client.subscribed({ email: 'body@example.com' });
    const response = await client.json('DELETE', `${SUBSCRIBERS}/${token}`, { reason: 'spam' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'urn:newsletter:invalid_request',
      errors: { reason: ['unknown field'] },
    });
    expect(row('body@example.com').status).toBe('SUBSCRIBED');
  });

  test.each([
    ['an array', '[]'],
    ['a number', '1'],
    ['a string', '"{}"'],
    ['null', 'null'],
  ])('%s as the body is refused with 400 and ends nothing', async (_name, body) => {
    const token = await client.subscribed({ email: 'array@example.com' });
    const response = await client.json('DELETE', `${SUBSCRIBERS}/${token}`, body);
    expect([response.status, ((await response.json()) as { type: string }).type]).toEqual([
      400,
      'urn:newsletter:invalid_request',
    ]);
    expect(row('array@example.com').status).toBe('SUBSCRIBED');
  });

  test('psdata reports null for the ended subscription', async () => {
    const now = Math.floor(Date.now() / 1000);
    const login = signLoginToken(
      { lid: 'demo-customer', exp: now + 3600, ren: now + 600 },
      serverSecret(server.db, 'loginToken'),
    );
    const status = async () =>
      (await (
        await fetch(`${server.origin}/service/customerfrontenddata/api/v1/psdata`, {
          headers: { cookie: `login_token=${login}` },
        })
      ).json()) as unknown;
    const token = await client.subscribed({ email: 'demo.kundin@example.com' });
    expect(await status()).toEqual({ nl_status: 'SUBSCRIBED' });
    await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
    expect(await status()).toEqual({ nl_status: null });
  });

  test('the address can sign up and confirm anew; the earlier withdrawal stays in the log', async () => {
    const token = await client.subscribed({ email: 'back@example.com' });
    await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
    // At most one confirmation e-mail per address in 10 minutes, whatever its state.
    server.db
      .prepare('UPDATE subscribers SET confirmation_sent_at = ?')
      .run(new Date(Date.now() - 11 * 60_000).toISOString());
    expect((await client.subscribe({ email: 'back@example.com', consents: ['DNE'] }, { site: 'AT' })).status).toBe(201);
    expect(row('back@example.com')).toMatchObject({ status: 'WAITING_FOR_DOI', site: 'AT' });
    const link = await client.confirmationToken('back@example.com', 3); // confirmation, welcome, confirmation
    expect((await client.json('PUT', `${SUBSCRIBERS}/${link}/doi`, {})).status).toBe(200);
    expect(row('back@example.com')).toMatchObject({ status: 'SUBSCRIBED', unsubscribed_at: null });
    expect(events('back@example.com').map((entry) => entry.event)).toEqual([
      'SIGNED_UP',
      'CONFIRMED',
      'WITHDRAWN',
      'SIGNED_UP',
      'CONFIRMED',
    ]);
  });

  test('signing up again right after unsubscribing: stored, and its mail waits until 10 minutes after the last one', async () => {
    const token = await client.subscribed({ email: 'quick@example.com' });
    await expect.poll(() => row('quick@example.com').confirmation_sent_at).toEqual(expect.any(String));
    await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
    const { confirmation_sent_at: lastSent } = row('quick@example.com') as { confirmation_sent_at: string };
    expect((await client.subscribe({ email: 'quick@example.com', consents: [] })).status).toBe(201);
    expect(row('quick@example.com').status).toBe('WAITING_FOR_DOI');
    const job = server.db
      .prepare(`SELECT state, next_attempt_at FROM mail_jobs WHERE kind = 'newsletter.confirmation' ORDER BY id DESC`)
      .get() as { state: string; next_attempt_at: string };
    expect(job).toEqual({
      state: 'queued',
      next_attempt_at: new Date(Date.parse(lastSent) + 10 * 60_000).toISOString(),
    });
  });

  test('unsubscribing cancels the mails still queued to the address', async () => {
    const token = await client.subscribed({ email: 'queued@example.com' });
    const id = (row('queued@example.com') as { id: number }).id;
    await server.mail.jobs.enqueue(
      mailJobFixture({
        kind: 'newsletter.welcome',
        recipient: 'queued@example.com',
        subscriberId: id,
        payload: { preferencesToken: token },
        notBefore: new Date(Date.now() + 60_000),
      }),
    );
    await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
    const jobs = server.db
      .prepare(`SELECT state, payload, last_error FROM mail_jobs WHERE subscriber_id = ? ORDER BY id`)
      .all(id);
    expect(jobs.at(-1)).toEqual({ state: 'cancelled', payload: null, last_error: 'unsubscribed' });
  });

  test('a new sign-up of an ended subscription that is never confirmed goes back to unsubscribed once its link expires', async () => {
    const token = await client.subscribed({ email: 'again@example.com' });
    await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
    server.db
      .prepare('UPDATE subscribers SET confirmation_sent_at = ?')
      .run(new Date(Date.now() - 11 * 60_000).toISOString());
    await client.subscribe(
      { email: 'again@example.com', firstName: 'Anna', lastName: 'Berg', consents: [] },
      { site: 'AT' },
    );
    server.db.prepare('UPDATE subscribers SET doi_token_expires_at = ?').run(new Date(Date.now() - 1000).toISOString());
    await client.subscribe({ email: 'someone@example.com', consents: [] });
    expect(row('again@example.com')).toMatchObject({
      status: 'UNSUBSCRIBED',
      first_name: null,
      last_name: null,
      doi_token_hash: null,
    });
    expect(events('again@example.com').map((entry) => entry.event)).toEqual(['SIGNED_UP', 'CONFIRMED', 'WITHDRAWN']);
  });
});

describe('signing up again after unsubscribing: the mails promise the welcome voucher only where it comes again', () => {
  /** Signs up in a shop, confirms, waits for the welcome mail, unsubscribes and signs up again past the 10 minutes. */
  async function backAfterUnsubscribing(
    body: { email: string } & Record<string, unknown>,
    site: string,
    beforeLeaving = () => {},
  ) {
    const token = await client.subscribed(body, site);
    await client.mailTo(body.email, 2);
    beforeLeaving();
    await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {});
    server.db
      .prepare('UPDATE subscribers SET confirmation_sent_at = ? WHERE email = ?')
      .run(new Date(Date.now() - 11 * 60_000).toISOString(), body.email);
    expect((await client.subscribe({ consents: [], ...body }, { site })).status).toBe(201);
    const confirmation = await client.mailTo(body.email, 3);
    const doi = linkIn(confirmation, '/newsletter/confirm/').searchParams.get('token')!;
    expect((await client.json('PUT', `${SUBSCRIBERS}/${doi}/doi`, {})).status).toBe(200);
    return { confirmation, welcome: await client.mailTo(body.email, 4) };
  }

  test('HU, the voucher expired: the confirmation mail promises only the newsletter, the welcome mail says it was issued', async () => {
    const t = translationsFor('hu-HU');
    const body = { email: 'visszatero@example.com', salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács' };
    const { confirmation, welcome } = await backAfterUnsubscribing(body, 'HU', () => {
      server.db.prepare('UPDATE vouchers SET valid_until = ?').run(new Date(Date.now() - 1000).toISOString());
    });
    expect(confirmation.text).toContain(t('newsletter.email.confirm.nextNoVoucher'));
    expect(confirmation.text).not.toContain('%');
    expect(welcome.subject).toBe(t('newsletter.email.welcome.subjectReturning'));
    expect(welcome.text).toContain(t('newsletter.email.welcome.alreadyIssued'));
  });

  test('DE, the voucher has no end: both mails name it, and the welcome mail repeats the code', async () => {
    const t = translationsFor('de-DE');
    const { confirmation, welcome } = await backAfterUnsubscribing({ email: 'zurueck@example.com' }, 'DE');
    expect(confirmation.text).toContain(
      t('newsletter.email.confirm.next', { percent: shopByCode('DE')!.welcomeVoucher.percent }),
    );
    expect(welcome.text).toContain(t('newsletter.email.welcome.repeat'));
    const { code } = server.db.prepare('SELECT code FROM vouchers').get() as { code: string };
    expect(welcome.text).toContain(code);
  });
});

describe('PUT /newsletter-subscribers/{preferencesToken} applies the shop of the subscription', () => {
  const hu = { email: 'hu@example.com', salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács' };
  const tr = { email: 'tr@example.com', firstName: 'Ayşe', lastName: 'Yılmaz', legals: ['NEWSLETTER'] };

  test.each([
    [
      'HU without salutation',
      hu,
      'HU',
      { firstName: 'Éva', lastName: 'Kovács', consents: [] },
      { salutation: ['newsletter.error.salutationRequired'] },
    ],
    [
      'HU without names',
      hu,
      'HU',
      { salutation: 'MRS', consents: [] },
      { firstName: ['newsletter.error.firstNameRequired'], lastName: ['newsletter.error.lastNameRequired'] },
    ],
    [
      'TR without names',
      tr,
      'TR',
      { consents: ['DNE'] },
      { firstName: ['newsletter.error.firstNameRequired'], lastName: ['newsletter.error.lastNameRequired'] },
    ],
    [
      'TR with a link for a name',
      tr,
      'TR',
      { firstName: 'www.spam', lastName: 'Yılmaz', consents: [] },
      { firstName: ['newsletter.error.invalidCharacters'] },
    ],
  ])('%s: 400 with the sign-up messages, nothing changed', async (_name, signUp, site, body, errors) => {
    const token = await client.subscribed(signUp, site);
    const before = row(signUp.email);
    const response = await client.json('PUT', `${SUBSCRIBERS}/${token}`, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'urn:newsletter:invalid_request', errors });
    expect(row(signUp.email)).toEqual(before);
  });

  test('a valid change is stored and answered; a DE subscriber may leave the names out', async () => {
    const huToken = await client.subscribed(hu, 'HU');
    const changed = await client.json('PUT', `${SUBSCRIBERS}/${huToken}`, {
      salutation: 'MR',
      firstName: 'Ádám',
      lastName: 'Kovács',
      consents: ['DNE'],
    });
    expect(await changed.json()).toEqual(
      subscriberFixture({
        email: 'hu@example.com',
        salutation: 'MR',
        firstName: 'Ádám',
        lastName: 'Kovács',
        consents: ['DNE'],
      }),
    );
    expect(events('hu@example.com').at(-1)).toMatchObject({
      event: 'CHANGED',
      channel: 'preferences',
      consents: '["DNE"]',
    });
    const deToken = await client.subscribed({ email: 'de@example.com', consents: ['DNE'] }, 'DE');
    expect((await client.json('PUT', `${SUBSCRIBERS}/${deToken}`, { consents: [] })).status).toBe(200);
  });

  test('a DE sign-up or change that sends names stores none: the DE form never asks for them', async () => {
    const names = { salutation: 'MRS', firstName: 'Zebulonia', lastName: 'Quist' };
    const token = await client.subscribed({ email: 'names@example.com', ...names, consents: [] }, 'DE');
    expect(row('names@example.com')).toMatchObject({ salutation: null, first_name: null, last_name: null });
    const changed = await client.json('PUT', `${SUBSCRIBERS}/${token}`, { ...names, consents: ['DNE'] });
    expect(await changed.json()).toMatchObject({
      salutation: null,
      firstName: null,
      lastName: null,
      consents: ['DNE'],
    });
    expect(row('names@example.com')).toMatchObject({ salutation: null, first_name: null, last_name: null });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const oneClick = (token: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
    fetch(`${server.origin}${SUBSCRIBERS}/${token}/unsubscribe`, { method: 'POST', ...init });

  test('a form POST of List-Unsubscribe=One-Click from another origin, without cookies, unsubscribes (204)', async () => {
    const token = await client.subscribed({ email: 'click@example.com' });
    const response = await oneClick(token, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.provider.example',
        'sec-fetch-site': 'cross-site',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect([response.status, await response.text()]).toEqual([204, '']);
    expect(row('click@example.com').status).toBe('UNSUBSCRIBED');
    expect(events('click@example.com').at(-1)).toMatchObject({ event: 'WITHDRAWN', channel: 'one-click' });
    expect(
      (
        await oneClick(token, {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        })
      ).status,
    ).toBe(404);
  });

  test('multipart/form-data, which RFC 8058 prefers, works too', async () => {
    const token = await client.subscribed({ email: 'multipart@example.com' });
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await oneClick(token, { body: form })).status).toBe(204);
    expect(row('multipart@example.com').status).toBe('UNSUBSCRIBED');
  });

  test('another body is refused and ends nothing: a wrong value 400, JSON 415', async () => {
    const token = await client.subscribed({ email: 'wrong@example.com' });
    const wrong = await oneClick(token, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=Yes',
    });
    const asJson = await oneClick(token, {
      headers: { 'content-type': 'application/json' },
      body: '{"List-Unsubscribe":"One-Click"}',
    });
    expect([wrong.status, asJson.status]).toEqual([400, 415]);
    expect(row('wrong@example.com').status).toBe('SUBSCRIBED');
  });

  test('a GET changes nothing and sends the browser to the preferences page of the subscriber shop (303)', async () => {
    const token = await client.subscribed({ email: 'look@example.com' }, 'CH_FR');
    const response = await fetch(`${server.origin}${SUBSCRIBERS}/${token}/unsubscribe`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/ch-fr/newsletter/preferences/?token=${token}`);
    expect(row('look@example.com').status).toBe('SUBSCRIBED');
    const unknown = await fetch(`${server.origin}${SUBSCRIBERS}/${'u'.repeat(43)}/unsubscribe`, { redirect: 'manual' });
    expect(unknown.headers.get('location')).toBe(`/de/newsletter/preferences/?token=${'u'.repeat(43)}`);
  });
});
