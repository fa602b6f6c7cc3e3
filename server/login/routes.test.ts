import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { readLoginTokenClaims } from '../../src/shared/auth/loginToken.ts';
import { signLoginToken } from './loginToken.ts';
import { DEMO_SHOPPER, DEMO_STAFF } from '../preview/staffAccounts.ts';
import { serverSecret } from '../secrets.ts';
import { startTestServer, type TestServer } from '../testing.ts';

const base = '/service/login/api/v1';
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

/** Cookies a response set, as name → value (deleted ones map to ''). */
function setCookies(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => line.split(';')[0]!.split('=') as [string, string]),
  );
}

function post(path: string, body: unknown, { csrf = true, cookie = '', headers = {} as Record<string, string> } = {}) {
  return fetch(server.origin + base + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [csrf ? 'csrf_token=t0k3n' : '', cookie].filter(Boolean).join('; '),
      ...(csrf ? { 'x-csrf-token': 't0k3n' } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

const secret = () => serverSecret(server.db, 'loginToken');
const now = () => Math.floor(Date.now() / 1000);
const token = (exp: number, ren: number, lid = 'demo-customer') => signLoginToken({ lid, exp, ren }, secret());

describe('POST /login', () => {
  test('logs staff in with an HttpOnly session cookie plus the readable StaffAuthToken marker', async () => {
    const response = await post('/login', DEMO_STAFF);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'SUCCESS', role: 'STAFF' });
    const lines = response.headers.getSetCookie();
    expect(lines.find((l) => l.startsWith('preview_session='))).toMatch(/HttpOnly/);
    expect(lines.find((l) => l.startsWith('preview_session='))).toMatch(/SameSite=Strict/);
    const marker = lines.find((l) => l.startsWith('StaffAuthToken='));
    expect(marker).toMatch(/^StaffAuthToken=1;/);
    expect(marker).not.toMatch(/HttpOnly/);
  });

  test('logs the demo shopper in with a login token for the seeded customer', async () => {
    const response = await post('/login', DEMO_SHOPPER);
    expect(await response.json()).toEqual({ status: 'SUCCESS', role: 'SHOPPER' });
    const claims = readLoginTokenClaims(setCookies(response).login_token);
    expect(claims?.lid).toBe('demo-customer');
    expect(claims!.exp).toBeGreaterThan(claims!.ren);
    expect(claims!.ren).toBeGreaterThan(now());
  });

  test('answers UNAUTHORIZED with 401 for a wrong password and sets no session', async () => {
    const response = await post('/login', { username: DEMO_STAFF.username, password: 'wrong' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 'UNAUTHORIZED' });
    expect(setCookies(response)).not.toHaveProperty('preview_session');
  });

  test('refuses a login without the CSRF header with 403', async () => {
    const response = await post('/login', DEMO_STAFF, { csrf: false });
    expect(response.status).toBe(403);
  });

  test('answers 400 for a body without credentials', async () => {
    const response = await post('/login', { username: '' });
    expect(response.status).toBe(400);
  });
});

describe('POST /logintoken/renew', () => {
  test('issues a new token (201) once the old one is due', async () => {
    const old = token(now() + 100, now() - 1);
    const response = await post('/logintoken/renew', {}, { headers: { 'x-login-token': old } });
    expect(response.status).toBe(201);
    const claims = readLoginTokenClaims(setCookies(response).login_token);
    expect(claims?.lid).toBe('demo-customer');
    expect(claims!.exp).toBeGreaterThan(now() + 100);
    expect(claims!.ren).toBeGreaterThan(now());
  });

  test('reads the token from the login cookie when there is no header', async () => {
    const response = await post('/logintoken/renew', {}, { cookie: `login_token=${token(now() + 100, now() - 1)}` });
    expect(response.status).toBe(201);
  });

  test('answers 200 and issues nothing for a token that is current already', async () => {
    const response = await post(
      '/logintoken/renew',
      {},
      { headers: { 'x-login-token': token(now() + 100, now() + 50) } },
    );
    expect(response.status).toBe(200);
    expect(setCookies(response)).not.toHaveProperty('login_token');
  });

  test('answers 401 for an expired, forged or missing token', async () => {
    const expired = await post(
      '/logintoken/renew',
      {},
      { headers: { 'x-login-token': token(now() - 1, now() - 100) } },
    );
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ type: 'urn:login:token_expired' });
    const forged = signLoginToken({ lid: 'demo-customer', exp: now() + 100, ren: now() - 1 }, 'not-the-secret');
    expect((await post('/logintoken/renew', {}, { headers: { 'x-login-token': forged } })).status).toBe(401);
    expect((await post('/logintoken/renew', {})).status).toBe(401);
  });
});

describe('POST /longtermtoken/renew', () => {
  test('trades the long-term cookie from a shopper login for a fresh login token', async () => {
    const login = await post('/login', DEMO_SHOPPER);
    const longTerm = setCookies(login).long_term_token;
    expect(login.headers.getSetCookie().find((l) => l.startsWith('long_term_token='))).toMatch(/HttpOnly/);
    const response = await post('/longtermtoken/renew', {}, { cookie: `long_term_token=${longTerm}` });
    expect(response.status).toBe(201);
    expect(readLoginTokenClaims(setCookies(response).login_token)?.lid).toBe('demo-customer');
  });

  test('answers 401 without a valid long-term token', async () => {
    expect((await post('/longtermtoken/renew', {})).status).toBe(401);
    expect(
      (await post('/longtermtoken/renew', {}, { cookie: `long_term_token=${token(now() + 100, now())}` })).status,
    ).toBe(401);
  });
});
