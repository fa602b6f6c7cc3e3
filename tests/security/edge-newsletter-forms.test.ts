import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { confirmationLinks, SIGN_UP, startEdgeServer, storedState } from './edge-helpers.ts';
import { shops } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { linkIn, readOutbox } from '../../server/mail/outboxReader.ts';

// The newsletter's plain forms (docs/newsletter.md#plain-form) probed as an attacker and a careless client would,
// over real HTTP. No renderer is built here, so answers are one line of text, with the status the page would have.
let server: Awaited<ReturnType<typeof startEdgeServer>>;
const SIGN_UP_FORM = '/de/newsletter/sign-up/';
const noRenderer = { PREVIEW_RENDERER_DIR: path.join(os.tmpdir(), 'storefront-no-renderer') };

async function start(env: Record<string, string> = {}) {
  server = await startEdgeServer({ ...noRenderer, ...env });
}
afterEach(() => server.close());

/** Posts a form as a browser on this site does, or with the headers given. */
function post(pathname: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return fetch(server.origin + pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.origin,
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: body.toString(),
  });
}

const signUpFields = (email: string) => ({ newsletterEmail: email, website: '', page: '/de/', placement: 'page' });

describe('refused before anything is stored', () => {
  beforeEach(() => start());

  test.each([
    ["another site's Origin", { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('a cross-site form post (%s) gets 403', async (_name, headers) => {
    const before = storedState(server);
    const response = await post(SIGN_UP_FORM, signUpFields('cross@example.com'), headers);
    expect(response.status).toBe(403);
    expect(storedState(server)).toEqual(before);
    for (const target of ['/de/newsletter/confirm/?token=abc', '/de/newsletter/preferences/?token=abc']) {
      expect((await post(target, { intent: 'unsubscribe' }, headers)).status).toBe(403);
    }
  });

  test.each([['application/json'], ['multipart/form-data; boundary=x'], ['text/plain']])(
    'a body of %s gets 415',
    async (type) => {
      const before = storedState(server);
      const response = await post(SIGN_UP_FORM, signUpFields('type@example.com'), { 'content-type': type });
      expect(response.status).toBe(415);
      expect(storedState(server)).toEqual(before);
    },
  );

  test.each(shops.map((shop) => [shop.segment, shop.locale] as const))(
    '%s says why in its own language, as one line of plain text (403 cross-site, 415 not a form)',
    async (segment, locale) => {
      const t = translationsFor(locale);
      for (const target of [
        `/${segment}/newsletter/sign-up/`,
        `/${segment}/newsletter/confirm/?token=abc`,
        `/${segment}/newsletter/preferences/?token=abc`,
      ]) {
        const crossSite = await post(target, signUpFields('why@example.com'), { origin: 'https://evil.example' });
        expect([crossSite.status, crossSite.headers.get('content-type'), await crossSite.text()]).toEqual([
          403,
          'text/plain; charset=UTF-8',
          t('form.refused.crossSite'),
        ]);
        const notAForm = await post(target, signUpFields('why@example.com'), { 'content-type': 'text/plain' });
        expect([notAForm.status, await notAForm.text()]).toEqual([415, t('form.refused.mediaType')]);
      }
    },
  );

  test('a body over the limit gets 413, declared or chunked', async () => {
    const before = storedState(server);
    const big = 'a'.repeat(20 * 1024);
    expect((await post(SIGN_UP_FORM, { ...signUpFields('big@example.com'), firstName: big })).status).toBe(413);
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`newsletterEmail=big2%40example.com&firstName=${big}`));
        controller.close();
      },
    });
    const response = await fetch(server.origin + SIGN_UP_FORM, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(storedState(server)).toEqual(before);
  });

  test('tampered posts get an answer, never a 500 and never a redirect off the site', async () => {
    const before = storedState(server);
    const tampered = [
      { ...signUpFields('a@example.com'), newsletterEmail: ['a@example.com', 'b@example.com'] },
      { ...signUpFields('a@example.com'), salutation: 'KING' },
      { ...signUpFields('a@example.com'), consents: 'EVERYTHING' },
    ];
    for (const fields of tampered) expect((await post(SIGN_UP_FORM, fields)).status).toBe(400);
    expect(storedState(server)).toEqual(before);
    for (const page of ['https://evil.example/', '//evil.example/', '/hu/', '/de/../../etc/passwd']) {
      const response = await post(SIGN_UP_FORM, {
        ...signUpFields(`page-${before.subscribers.length}@example.com`),
        page,
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/de/newsletter/sign-up/#newsletter');
    }
  });
});

describe('what a sign-up through the form does', () => {
  beforeEach(() => start());

  test('a filled honeypot gets the very answer of a real sign-up, and nothing is stored or sent', async () => {
    const before = storedState(server);
    const bot = await post(SIGN_UP_FORM, { ...signUpFields('bot@example.com'), website: 'http://spam.example' });
    const person = await post(SIGN_UP_FORM, signUpFields('person@example.com'));
    expect([bot.status, person.status]).toEqual([303, 303]);
    expect(bot.headers.get('location')).toBe(person.headers.get('location'));
    expect(bot.headers.get('set-cookie')).toMatch(
      /^newsletter_signed_up=[\w-]+\.[\w-]+; Max-Age=600; Path=\/de\/newsletter\/sign-up\/; HttpOnly; SameSite=Lax$/,
    );
    const after = storedState(server);
    expect(after.subscribers).toHaveLength(before.subscribers.length + 1);
    expect(JSON.stringify(after)).not.toContain('bot@example.com');
  });

  test('a new, a pending and a subscribed address get the same answer; one mail; the address in no URL', async () => {
    const answers = [];
    for (const email of ['same@example.com', 'same@example.com']) {
      const response = await post(SIGN_UP_FORM, signUpFields(email));
      answers.push({
        status: response.status,
        location: response.headers.get('location'),
        body: await response.text(),
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.location).not.toContain('same');
    await server.mail.sender.drained();
    expect((await readOutbox(server.outbox)).filter((mail) => mail.to === 'same@example.com')).toHaveLength(1);
  });

  test('HU without salutation and names: 400, nothing stored', async () => {
    const before = storedState(server);
    const response = await post('/hu/newsletter/sign-up/', { ...signUpFields('hu@example.com'), page: '/hu/' });
    expect(response.status).toBe(400);
    expect(storedState(server)).toEqual(before);
  });

  test('the success is shown only with a genuine, unexpired cookie of the same shop', async () => {
    const response = await post(SIGN_UP_FORM, signUpFields('cookie@example.com'));
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const show = (value: string, shop = 'de') =>
      fetch(`${server.origin}/${shop}/newsletter/sign-up/`, { redirect: 'manual', headers: { cookie: value } });
    const shown = await show(cookie);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('cookie@example.com');
    const [payload, mac] = cookie.split('=')[1]!.split('.');
    const otherPayload = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace('cookie@', 'victim@'),
    ).toString('base64url');
    for (const forged of [
      `newsletter_signed_up=${otherPayload}.${mac}`,
      `newsletter_signed_up=${payload}.${'A'.repeat(43)}`,
      'newsletter_signed_up=garbage',
    ]) {
      const answer = await show(forged);
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/de/#newsletter');
    }
    expect((await show(cookie, 'at')).status).toBe(303);
  });
});

test('the throttle is one counter for the JSON call and the form, invalid posts included', async () => {
  await start({ NEWSLETTER_SIGNUPS_PER_MINUTE: '3' });
  const json = (email: string) =>
    fetch(server.origin + SIGN_UP, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ email, consents: [] }),
    });
  expect((await json('one@example.com')).status).toBe(201);
  expect((await post(SIGN_UP_FORM, signUpFields('two@example.com'))).status).toBe(303);
  expect((await post('/hu/newsletter/sign-up/', signUpFields('three@example.com'))).status).toBe(400);
  const form = await post(SIGN_UP_FORM, signUpFields('four@example.com'));
  expect(form.status).toBe(429);
  expect(Number(form.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await json('five@example.com')).status).toBe(429);
  expect(JSON.stringify(storedState(server))).not.toMatch(/four@|five@/);
});

test('without a renderer, a confirmation and an unsubscribe that were made say so (200), an invalid link 404', async () => {
  await start();
  const t = translationsFor('pl-PL');
  const signUp = await fetch(server.origin + SIGN_UP, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, site: 'PL' },
    body: JSON.stringify({ email: 'plain@example.com', consents: [] }),
  });
  expect(signUp.status).toBe(201);
  const [link] = await confirmationLinks(server, 1);
  const token = link!.searchParams.get('token')!;
  const confirmed = await post(`/pl/newsletter/confirm/?token=${encodeURIComponent(token)}`, {});
  expect([confirmed.status, await confirmed.text()]).toEqual([200, t('newsletter.confirm.successHeading')]);
  const again = await post(`/pl/newsletter/confirm/?token=${encodeURIComponent(token)}`, {});
  expect([again.status, await again.text()]).toEqual([404, t('newsletter.error.doiInvalid')]);
  await expect.poll(async () => (await readOutbox(server.outbox)).length, { timeout: 5000 }).toBe(2);
  const welcome = (await readOutbox(server.outbox)).find((mail) => mail.text.includes('/newsletter/preferences/'))!;
  const preferencesToken = linkIn(welcome, '/newsletter/preferences/').searchParams.get('token')!;
  const ended = await post(`/pl/newsletter/preferences/?token=${encodeURIComponent(preferencesToken)}`, {
    intent: 'unsubscribe',
  });
  expect([ended.status, await ended.text()]).toEqual([200, t('newsletter.preferences.unsubscribedHeading')]);
  expect((server.db.prepare('SELECT status FROM subscribers').get() as { status: string }).status).toBe('UNSUBSCRIBED');
  // The spent preferences link says so in its own words, not with the sign-up's "please sign up again".
  const spent = await post(`/pl/newsletter/preferences/?token=${encodeURIComponent(preferencesToken)}`, {
    intent: 'unsubscribe',
  });
  expect([spent.status, await spent.text()]).toEqual([404, t('newsletter.preferences.linkInvalidHeading')]);
});
