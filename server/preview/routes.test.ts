import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEMO_STAFF } from './staffAccounts.ts';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
let staffCookie: string;

beforeEach(async () => {
  server = await startTestServer();
  const login = await fetch(`${server.origin}/service/login/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'csrf_token=x', 'x-csrf-token': 'x' },
    body: JSON.stringify(DEMO_STAFF),
  });
  staffCookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
});
afterEach(() => server.close());

function get(path: string, cookie = staffCookie) {
  return fetch(`${server.origin}/service${path}`, { headers: { cookie } });
}

describe('GET /service/preview/api/auth/checkauth', () => {
  test('answers SUCCESS with an empty preview state for a fresh staff session', async () => {
    const response = await get('/preview/api/auth/checkauth');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'SUCCESS', dateTime: null, abTestName: null, abTestGroup: null });
  });

  test('answers UNAUTHORIZED without a session, and with only the readable marker cookie', async () => {
    for (const cookie of ['', 'StaffAuthToken=1', 'preview_session=forged']) {
      const response = await get('/preview/api/auth/checkauth', cookie);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: 'UNAUTHORIZED' });
    }
  });

  test('answers UNAUTHORIZED once the session has expired', async () => {
    server.db.exec('UPDATE preview_sessions SET expires_at = 0');
    expect((await get('/preview/api/auth/checkauth')).status).toBe(401);
  });
});

describe('GET /service/preview/api/token', () => {
  const at = encodeURIComponent('2026-11-21T10:00:00.000Z');

  test('stores the preview date-time and A/B selection, which checkauth then reports', async () => {
    const response = await get(`/preview/api/token?test=CHECKOUT_BUTTON_COLOR&group=GREEN&previewDateTime=${at}`);
    expect(response.status).toBe(200);
    expect(await (await get('/preview/api/auth/checkauth')).json()).toEqual({
      status: 'SUCCESS',
      dateTime: '2026-11-21T10:00:00.000Z',
      abTestName: 'CHECKOUT_BUTTON_COLOR',
      abTestGroup: 'GREEN',
    });
  });

  test('accepts an empty selection, which clears a forced test', async () => {
    await get(`/preview/api/token?test=CHECKOUT_BUTTON_COLOR&group=GREEN&previewDateTime=${at}`);
    expect((await get(`/preview/api/token?test=&group=&previewDateTime=${at}`)).status).toBe(200);
    expect(await (await get('/preview/api/auth/checkauth')).json()).toMatchObject({
      abTestName: null,
      abTestGroup: null,
    });
  });

  test('refuses a test without group, an unknown group, a test not running then, and a bad date-time', async () => {
    for (const query of [
      `test=CHECKOUT_BUTTON_COLOR&group=&previewDateTime=${at}`,
      `test=CHECKOUT_BUTTON_COLOR&group=PURPLE&previewDateTime=${at}`,
      `test=SUMMER_SALE_TEASER&group=VARIANT&previewDateTime=${at}`,
      'test=&group=&previewDateTime=yesterday',
    ]) {
      const response = await get(`/preview/api/token?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ status: 'BAD_REQUEST' });
    }
    expect(await (await get('/preview/api/auth/checkauth')).json()).toMatchObject({ dateTime: null, abTestName: null });
  });

  test('refuses callers without a staff session', async () => {
    expect((await get(`/preview/api/token?test=&group=&previewDateTime=${at}`, '')).status).toBe(401);
  });
});

describe('renew and logout', () => {
  test('renewal pushes the session expiry forward', async () => {
    // Five minutes left: unixepoch() counts whole seconds, so a margin of one second could already be gone.
    server.db.exec('UPDATE preview_sessions SET expires_at = unixepoch() * 1000 + 300000');
    const before = (server.db.prepare('SELECT expires_at AS e FROM preview_sessions').get() as { e: number }).e;
    expect((await get('/preview/api/auth/login/renew')).status).toBe(200);
    const after = (server.db.prepare('SELECT expires_at AS e FROM preview_sessions').get() as { e: number }).e;
    expect(after - before).toBeGreaterThan(5 * 60 * 1000);
    expect((await get('/preview/api/auth/login/renew', '')).status).toBe(401);
  });

  test('logout ends the session and clears both cookies', async () => {
    const response = await get('/preview/api/auth/logout');
    expect(response.status).toBe(200);
    const cleared = response.headers.getSetCookie().map((line) => line.split(';')[0]);
    expect(cleared).toEqual(expect.arrayContaining(['preview_session=', 'StaffAuthToken=']));
    expect((await get('/preview/api/auth/checkauth')).status).toBe(401);
  });
});

describe('A/B test service', () => {
  test('gettestsat lists the tests running at that time with their groups', async () => {
    const response = await get(
      `/abtestfrontend/api/v1/gettestsat?time=${encodeURIComponent('2027-03-15T12:00:00.000Z')}`,
      '',
    );
    expect(await response.json()).toEqual([
      { name: 'CHECKOUT_BUTTON_COLOR', groups: [{ name: 'CONTROL' }, { name: 'GREEN' }, { name: 'ORANGE' }] },
      { name: 'FOOTER_TEASER_ORDER', groups: [{ name: 'A' }, { name: 'B' }] },
      { name: 'NEWSLETTER_VOUCHER_BANNER', groups: [{ name: 'CONTROL' }, { name: 'BANNER' }] },
    ]);
    const empty = await get('/abtestfrontend/api/v1/gettestsat?time=2020-01-01T00%3A00%3A00.000Z', '');
    expect(await empty.json()).toEqual([]);
  });

  test('gettestsat refuses a time that is not a date-time', async () => {
    expect((await get('/abtestfrontend/api/v1/gettestsat?time=soon', '')).status).toBe(400);
  });

  test('getassignment keeps a consenting visitor in one group, and shows staff the group they forced', async () => {
    const consent = 'consent_choices=statistics';
    const first = await get('/abtestfrontend/api/v1/getassignment', consent);
    const visitor = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const { assignments } = (await first.json()) as { assignments: { test: string; group: string }[] };
    expect(assignments.map((a) => a.test)).toContain('CHECKOUT_BUTTON_COLOR');
    const again = await (await get('/abtestfrontend/api/v1/getassignment', `${consent}; ${visitor}`)).json();
    expect(again).toEqual({ assignments });

    await get('/preview/api/token?test=FOOTER_TEASER_ORDER&group=B&previewDateTime=2026-12-01T00%3A00%3A00.000Z');
    // Staff without statistics consent get the group they forced, and no other.
    const staff = (await (await get('/abtestfrontend/api/v1/getassignment')).json()) as typeof again;
    expect(staff.assignments).toEqual([{ test: 'FOOTER_TEASER_ORDER', group: 'B' }]);
  });
});
