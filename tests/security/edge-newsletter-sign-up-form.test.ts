import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, test } from 'vitest';
import {
  SIGN_UP,
  answerOf,
  confirmationLinks,
  postForm,
  settledState,
  startEdgeServer,
  storedState,
  stubRendererDir,
} from './edge-helpers.ts';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../server/edge/bodyLimits.ts';
import { readOutbox } from '../../server/mail/outboxReader.ts';
import { setSignedUpCookie } from '../../server/newsletter/forms/signedUpCookie.ts';
import { serverSecret } from '../../server/secrets.ts';
import { translationsFor } from '../../src/shared/i18n.ts';

// The plain sign-up form's endpoint (docs/newsletter.md#plain-form) probed as an attacker would, over real HTTP.
// Without a renderer the answers are one line of text with the page's status; with the stub renderer
// (stubRendererDir) an answer is the JSON of the page it is shown on and what it shows.
let server: Awaited<ReturnType<typeof startEdgeServer>>;
let rendererDir: string | undefined;
const FORM = '/de/newsletter/sign-up/';
const OWN_PAGES = ['/de/', '/de/service/'];

async function start({ renderer = false, env = {} }: { renderer?: boolean; env?: Record<string, string> } = {}) {
  rendererDir = renderer ? stubRendererDir() : undefined;
  server = await startEdgeServer({
    PREVIEW_RENDERER_DIR: rendererDir ?? path.join(os.tmpdir(), 'storefront-no-renderer'),
    ...env,
  });
}
afterEach(async () => {
  await server.close();
  if (rendererDir) fs.rmSync(rendererDir, { recursive: true, force: true });
});

const fields = (email: string, extra: Record<string, string | string[]> = {}) => ({
  newsletterEmail: email,
  website: '',
  page: '/de/',
  placement: 'page',
  ...extra,
});
const post = async (body: Record<string, string | string[]>, headers: Record<string, string> = {}, pathname = FORM) =>
  answerOf(await postForm(server.origin, pathname, body, headers));
const show = async (cookie?: string, pathname = FORM) =>
  answerOf(await fetch(server.origin + pathname, { redirect: 'manual', headers: cookie ? { cookie } : {} }));
const cookieOf = (answer: { headers: Record<string, string> }) => answer.headers['set-cookie']!.split(';')[0]!;
const withoutCookie = ({
  headers: { 'set-cookie': _cookie, ...headers },
  ...rest
}: Awaited<ReturnType<typeof post>>) => ({ ...rest, headers });
const json = async (email: string, site = 'DE') =>
  answerOf(
    await fetch(server.origin + SIGN_UP, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, site },
      body: JSON.stringify({ email, consents: [] }),
    }),
  );

describe('refused before anything is stored', () => {
  test("a post from another site gets 403; the same post from this site's page gets 303", async () => {
    await start();
    const before = storedState(server);
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1:1' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: server.origin, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const answer = await post(fields('victim@example.com'), headers);
      expect([headers, answer.status, answer.headers['set-cookie']]).toEqual([headers, 403, undefined]);
    }
    expect(storedState(server)).toEqual(before);
    expect((await post(fields('victim@example.com'), { origin: server.origin })).status).toBe(303);
    expect(storedState(server).subscribers).toHaveLength(1);
  });

  test('a JSON, multipart, text/plain or untyped body gets 415', async () => {
    await start();
    const before = storedState(server);
    const asForm = new URLSearchParams(fields('typed@example.com')).toString();
    const multipart = new FormData();
    for (const [name, value] of Object.entries(fields('typed@example.com'))) multipart.set(name, value);
    const bodies: [Record<string, string>, BodyInit][] = [
      [{ 'content-type': 'application/json' }, JSON.stringify(fields('typed@example.com'))],
      [{}, multipart],
      [{ 'content-type': 'text/plain' }, asForm],
      [{}, new TextEncoder().encode(asForm)],
    ];
    for (const [headers, body] of bodies) {
      const response = await fetch(server.origin + FORM, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: server.origin, 'sec-fetch-site': 'same-origin', ...headers },
        body,
      });
      expect((await answerOf(response)).status).toBe(415);
    }
    expect(storedState(server)).toEqual(before);
  });

  test('a body over the limit gets 413, declared or chunked; one at the limit is taken', async () => {
    await start();
    const before = storedState(server);
    const padded = (email: string, bytes: number) => {
      const start = `${new URLSearchParams(fields(email))}&pad=`;
      return start + 'a'.repeat(bytes - start.length);
    };
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin };
    const send = async (pathname: string, body: BodyInit) =>
      (
        await answerOf(
          await fetch(server.origin + pathname, {
            method: 'POST',
            redirect: 'manual',
            headers,
            body,
            duplex: 'half',
          } as RequestInit),
        )
      ).status;
    const chunked = (text: string) =>
      new ReadableStream({
        start(controller) {
          for (let at = 0; at < text.length; at += 1024)
            controller.enqueue(new TextEncoder().encode(text.slice(at, at + 1024)));
          controller.close();
        },
      });
    expect(await send(FORM, padded('big@example.com', DEFAULT_BODY_LIMIT_BYTES + 1))).toBe(413);
    expect(await send(FORM, chunked(padded('big@example.com', DEFAULT_BODY_LIMIT_BYTES + 1)))).toBe(413);
    for (const target of ['/de/newsletter/confirm/?token=x', '/de/newsletter/preferences/?token=x']) {
      expect(await send(target, chunked(`intent=unsubscribe&pad=${'a'.repeat(DEFAULT_BODY_LIMIT_BYTES)}`))).toBe(413);
    }
    expect(storedState(server)).toEqual(before);
    expect(await send(FORM, chunked(padded('limit@example.com', DEFAULT_BODY_LIMIT_BYTES)))).toBe(303);
  });

  test('an unknown shop falls through to the static site (404)', async () => {
    await start();
    const before = storedState(server);
    expect((await post(fields('nowhere@example.com'), {}, '/xx/newsletter/sign-up/')).status).toBe(404);
    expect((await show(undefined, '/xx/newsletter/sign-up/')).status).toBe(404);
    expect(storedState(server)).toEqual(before);
  });
});

describe('what a sign-up through the form does', () => {
  test('a filled honeypot gets the answer and cookie of a real sign-up; nothing is stored or sent', async () => {
    await start();
    const before = storedState(server);
    const bot = await post(fields('bot@example.com', { website: 'https://spam.example' }));
    // A sign-up stores its row and queues its mail before it answers: nothing can come later.
    expect(storedState(server)).toEqual(before);
    const person = await post(fields('person@example.com'));
    expect(withoutCookie(bot)).toEqual(withoutCookie(person));
    const attributes = (answer: typeof bot) =>
      answer.headers['set-cookie']!.replace(/^newsletter_signed_up=[\w-]+\.[\w-]+;/, '');
    expect(attributes(bot)).toBe(attributes(person));
    expect(attributes(bot)).toBe(' Max-Age=600; Path=/de/newsletter/sign-up/; HttpOnly; SameSite=Lax');
    expect((await show(cookieOf(bot))).body).toContain('bot@example.com');
    await confirmationLinks(server, 1);
    expect((await readOutbox(server.outbox)).map((mail) => mail.to)).toEqual(['person@example.com']);
    expect(JSON.stringify(storedState(server))).not.toContain('bot@');
  });

  test('HU without salutation and names: 400 in Hungarian, nothing stored; with them: 303', async () => {
    await start();
    const before = storedState(server);
    const refused = await post(fields('eva@example.com', { page: '/hu/' }), {}, '/hu/newsletter/sign-up/');
    expect([refused.status, refused.body]).toEqual([400, translationsFor('hu-HU')('newsletter.errorSummary.title')]);
    expect(storedState(server)).toEqual(before);
    const names = { page: '/hu/', salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács' };
    expect((await post(fields('eva@example.com', names), {}, '/hu/newsletter/sign-up/')).status).toBe(303);
  });

  test('DE: one pending row (no names: DE does not ask for them) and one mail; the address again, or subscribed, gets the answer of a new one', async () => {
    await start();
    const first = await post(fields('same@example.com', { firstName: 'Anna', consents: 'DNE' }));
    expect(first.status).toBe(303);
    expect(
      server.db
        .prepare('SELECT email, status, site, first_name, consents, origin, origin_addition FROM subscribers')
        .all(),
    ).toEqual([
      {
        email: 'same@example.com',
        status: 'WAITING_FOR_DOI',
        site: 'DE',
        first_name: null,
        consents: '["DNE"]',
        origin: 'onsite',
        origin_addition: 'subsite',
      },
    ]);
    const [link] = await confirmationLinks(server, 1);
    const pending = await post(fields('same@example.com'));
    const fresh = await post(fields('fresh@example.com'));
    const confirm = await fetch(`${server.origin}${SIGN_UP}/${link!.searchParams.get('token')}/doi`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await answerOf(confirm)).status).toBe(200);
    const subscribed = await post(fields('same@example.com'));
    for (const answer of [pending, fresh, subscribed]) expect(withoutCookie(answer)).toEqual(withoutCookie(first));
    for (const answer of [first, pending, fresh, subscribed])
      expect(answer.headers.location).toBe('/de/newsletter/sign-up/#newsletter');
    await server.mail.sender.drained();
    expect(await readOutbox(server.outbox, { to: 'same@example.com' })).toHaveLength(2); // confirmation, welcome
    // Queued in the transactions that answered: exact.
    const kinds = server.db
      .prepare(`SELECT kind FROM mail_jobs WHERE recipient = 'same@example.com' ORDER BY id`)
      .all();
    expect(kinds).toEqual([{ kind: 'newsletter.confirmation' }, { kind: 'newsletter.welcome' }]);
  });
});

describe('tampered posts', () => {
  test("never a 500, never a Location off the site; answers are shown on the shop's own pages only", async () => {
    await start({ renderer: true });
    const before = storedState(server);
    const foreignPages = [
      'https://evil.example/',
      '//evil.example/',
      '/hu/',
      '/de/../../etc/passwd',
      'javascript:alert(1)',
      '/de/service/?x=1',
      '',
    ];
    const refused = [
      fields('a@example.com', { newsletterEmail: ['a@example.com', 'b@example.com'] }),
      fields('a@example.com', { salutation: 'KING' }),
      fields('a@example.com', { consents: 'EVERYTHING' }),
      fields('a@example.com', { legals: 'ALL' }),
      fields('a@example.com', { salutation: ['MR', 'MRS'] }),
      fields('a@example.com\r\nBcc: evil@example.com'),
      fields('not an address'),
    ];
    for (const [index, body] of refused.entries()) {
      const answer = await post({ ...body, page: foreignPages[index]! });
      expect([index, answer.status, answer.headers.location]).toEqual([index, 400, undefined]);
      expect(OWN_PAGES).toContain(JSON.parse(answer.body).path);
    }
    expect(storedState(server)).toEqual(before);
    for (const [index, page] of [...foreignPages, '/de/service/'].entries()) {
      const answer = await post(
        fields(`page${index}@example.com`, { page, placement: index % 2 ? 'footer' : 'sidebar' }),
      );
      expect([page, answer.status, answer.headers.location]).toEqual([
        page,
        303,
        `/de/newsletter/sign-up/#newsletter${index % 2 ? '-footer' : ''}`,
      ]);
      const shown = JSON.parse((await show(cookieOf(answer))).body) as {
        path: string;
        signUpAnswer: { email: string };
      };
      expect([page, shown.path, shown.signUpAnswer.email]).toEqual([
        page,
        page === '/de/service/' ? page : '/de/',
        `page${index}@example.com`,
      ]);
    }
  });

  test('a body that is not valid percent-encoding is answered, not a 500', async () => {
    await start();
    const response = await fetch(server.origin + FORM, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: 'newsletterEmail=%E0%A4%A&salutation=%&consents=%FF',
    });
    expect((await answerOf(response)).status).toBe(400);
  });
});

describe('the success cookie', () => {
  test("the success page needs a genuine, unexpired cookie of its shop; else 303 to the shop's sign-up, no address", async () => {
    await start();
    const genuine = cookieOf(await post(fields('cookie@example.com')));
    const shown = await show(genuine);
    expect([shown.status, shown.body]).toEqual([200, expect.stringContaining('cookie@example.com')]);
    const [payload, mac] = genuine.slice('newsletter_signed_up='.length).split('.') as [string, string];
    const victim = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('cookie@', 'victim@')).toString(
      'base64url',
    );
    const otherShop = cookieOf(await post(fields('at@example.com', { page: '/at/' }), {}, '/at/newsletter/sign-up/'));
    // Signed with the server's own secret, by the product's own code: genuine but for its age.
    const signedAt = async (now: number) => {
      const app = new Hono().get('/', (c) => {
        setSignedUpCookie(
          c,
          serverSecret(server.db, 'newsletterForms'),
          FORM,
          { email: 'old@example.com', segment: 'de', page: '/de/', placement: 'page' },
          now,
        );
        return c.body(null);
      });
      return (await app.request('/')).headers.get('set-cookie')!.split(';')[0]!;
    };
    expect((await show(await signedAt(Date.now() - 60_000))).status).toBe(200); // the forging method is sound
    const forged = [
      `newsletter_signed_up=${victim}.${mac}`,
      `newsletter_signed_up=${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      `newsletter_signed_up=${payload}`,
      `newsletter_signed_up=${payload}.${mac}.${mac}`,
      'newsletter_signed_up=garbage',
      otherShop,
      await signedAt(Date.now() - 11 * 60_000),
      undefined,
    ];
    for (const cookie of forged) {
      const answer = await show(cookie);
      expect([cookie, answer.status, answer.headers.location]).toEqual([cookie, 303, '/de/#newsletter']);
      expect(answer.body).not.toContain('@');
    }
  });
});

describe('one throttle for both doors', () => {
  const expected = { json: 201, form: 303, 'invalid form': 400 } as const;
  const send = (door: keyof typeof expected, email: string) =>
    door === 'json'
      ? json(email)
      : post(
          fields(email, door === 'form' ? {} : { page: '/hu/' }),
          {},
          door === 'form' ? FORM : '/hu/newsletter/sign-up/',
        );

  test.each([
    ['form', ['json', 'invalid form', 'form']],
    ['json', ['form', 'invalid form', 'form']],
    ['json', ['form', 'json', 'invalid form']],
  ] as const)('at 3 a minute the 4th request is refused at the %s door, after %j', async (fourth, firstThree) => {
    await start({ env: { NEWSLETTER_SIGNUPS_PER_MINUTE: '3' } });
    for (const [index, door] of firstThree.entries())
      expect((await send(door, `n${index}@example.com`)).status).toBe(expected[door]);
    const before = await settledState(server);
    const refused = await send(fourth, 'over@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(fourth === 'json' ? 'form' : 'json', 'over@example.com')).status).toBe(429);
    expect((await post(fields('bot@example.com', { website: 'x' }))).status).toBe(429);
    expect(await settledState(server)).toEqual(before);
  });

  // A post the form cannot send (a repeated field, an unknown salutation or consent) counts like any other
  // (docs/newsletter.md#plain-form), as the JSON call counts every call, malformed ones included.
  test('tampered posts count against the throttle too', async () => {
    await start({ env: { NEWSLETTER_SIGNUPS_PER_MINUTE: '3' } });
    for (const salutation of ['KING', 'QUEEN', 'JOKER'])
      expect((await post(fields('t@example.com', { salutation }))).status).toBe(400);
    expect((await post(fields('after@example.com'))).status).toBe(429);
  });
});
