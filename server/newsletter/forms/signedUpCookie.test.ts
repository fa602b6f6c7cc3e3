import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import {
  readSignedUpCookie,
  setSignedUpCookie,
  SIGNED_UP_COOKIE_MAX_AGE_SECONDS,
  type SignedUp,
} from './signedUpCookie.ts';

const SECRET = 'test secret';
const SIGNED_UP: SignedUp = { email: 'anna@example.com', segment: 'de', page: '/de/service/', placement: 'footer' };
const NOW = Date.parse('2026-12-01T10:00:00Z');

// `/set` signs a cookie (at `?now=`, over https with `?https`); `/read/{segment}` answers what the cookie holds for that shop.
const app = new Hono<{ Variables: { onHttps: boolean } }>();
app.get('/set', (c) => {
  if (c.req.query('https') !== undefined) c.set('onHttps', true);
  setSignedUpCookie(
    c,
    c.req.query('secret') ?? SECRET,
    '/de/newsletter/sign-up/',
    SIGNED_UP,
    Number(c.req.query('now') ?? NOW),
  );
  return c.body(null, 204);
});
app.get('/read/:segment', (c) =>
  c.json(readSignedUpCookie(c, SECRET, c.req.param('segment'), Number(c.req.query('now') ?? NOW)) ?? null),
);

async function signed(query = ''): Promise<{ header: string; value: string }> {
  const header = (await app.request(`/set${query}`)).headers.get('set-cookie')!;
  return { header, value: header.split(';')[0]!.slice('newsletter_signed_up='.length) };
}
const read = async (value: string, segment = 'de', now = NOW) =>
  (await app.request(`/read/${segment}?now=${now}`, { headers: { cookie: `newsletter_signed_up=${value}` } })).json();
/** A cookie value for `payload`, signed with the secret as the server signs it. */
const signedWithSecret = (payload: unknown) => {
  const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${encoded}.${createHmac('sha256', SECRET).update(encoded).digest('base64url')}`;
};

describe('the sign-up success cookie', () => {
  test('a genuine cookie reads back as signed: HttpOnly, SameSite=Lax, the sign-up path, 10 minutes; Secure on https', async () => {
    const { header, value } = await signed();
    expect(header).toBe(
      `newsletter_signed_up=${value}; Max-Age=600; Path=/de/newsletter/sign-up/; HttpOnly; SameSite=Lax`,
    );
    expect(await read(value)).toEqual(SIGNED_UP);
    expect((await signed('?https')).header).toMatch(/; Secure/);
  });

  test('an altered payload, an altered or missing MAC, or another secret reads as nothing', async () => {
    const { value } = await signed();
    const [payload, mac] = value.split('.') as [string, string];
    const victim = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('anna@', 'victim@')).toString(
      'base64url',
    );
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const otherSecret = (await signed('?secret=another')).value;
    for (const forged of [
      `${victim}.${mac}`,
      `${payload}.${flipped}`,
      `${payload}.${mac.slice(0, -2)}`,
      payload,
      `${payload}.`,
      `${payload}.${mac}.x`,
      otherSecret,
      '',
      '.',
    ]) {
      expect([forged, await read(forged)]).toEqual([forged, null]);
    }
  });

  test("a genuine cookie is nothing to another shop's page", async () => {
    const { value } = await signed();
    expect(await read(value, 'at')).toBeNull();
    expect(await read(value, 'de')).toEqual(SIGNED_UP);
  });

  test('it expires after 10 minutes, whatever the browser keeps', async () => {
    const { value } = await signed();
    const until = NOW + SIGNED_UP_COOKIE_MAX_AGE_SECONDS * 1000;
    expect(await read(value, 'de', until)).toEqual(SIGNED_UP);
    expect(await read(value, 'de', until + 1)).toBeNull();
  });

  test('a correctly signed payload that is not a sign-up reads as nothing, without throwing', async () => {
    const until = NOW + 60_000;
    for (const payload of [
      null,
      'text',
      [],
      { ...SIGNED_UP },
      { ...SIGNED_UP, until: String(until) },
      { ...SIGNED_UP, placement: 'sidebar', until },
    ]) {
      expect(await read(signedWithSecret(payload))).toBeNull();
    }
    const notJson = Buffer.from('{not json').toString('base64url');
    expect(await read(`${notJson}.${createHmac('sha256', SECRET).update(notJson).digest('base64url')}`)).toBeNull();
    expect(await read(signedWithSecret({ ...SIGNED_UP, until }))).toEqual(SIGNED_UP); // the method above is sound
  });
});
