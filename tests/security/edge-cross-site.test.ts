import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { expectProblem } from '../../server/expectProblem.ts';
import { SIGN_UP, startEdgeServer, storedState } from './edge-helpers.ts';

// Cross-site writes: JSON only (415), and only from this site's own pages (403).
let server: Awaited<ReturnType<typeof startEdgeServer>>;
beforeEach(async () => {
  server = await startEdgeServer({ SITE_URL: 'https://shop.example', ALLOWED_HOSTS: 'shop.example' });
});
afterEach(() => server.close());

const body = JSON.stringify({ email: 'victim@example.com', consents: [] });
const post = (headers: Record<string, string>, path = SIGN_UP, text = body) =>
  fetch(server.origin + path, { method: 'POST', headers, body: text });

describe('state-changing calls from other sites', () => {
  test('the reported probe: a text/plain POST with Origin https://evil.example is refused and stores nothing', async () => {
    await expectProblem(
      await post({ 'content-type': 'text/plain', origin: 'https://evil.example' }),
      403,
      'urn:service:cross_origin',
    );
    expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
  });

  test.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (sandboxed frame)', { origin: 'null' }],
    ['a sibling host', { origin: 'https://evil.shop.example' }],
    ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['our Origin but Sec-Fetch-Site: cross-site', { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' }],
  ])('JSON with %s gets 403 and stores nothing', async (_name, headers) => {
    await expectProblem(
      await post({ 'content-type': 'application/json', ...headers }),
      403,
      'urn:service:cross_origin',
    );
    expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', ''])(
    'a same-origin body of type "%s" gets 415 and stores nothing',
    async (type) => {
      const headers: Record<string, string> = { origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' };
      if (type) headers['content-type'] = type;
      await expectProblem(await post(headers), 415, 'urn:service:unsupported_media_type');
      expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
    },
  );

  test('the login POST is guarded the same way', async () => {
    const login = '/service/login/api/v1/login';
    const credentials = JSON.stringify({ username: 'staff', password: 'preview-demo' });
    await expectProblem(
      await post({ 'content-type': 'application/json', origin: 'https://evil.example' }, login, credentials),
      403,
      'urn:service:cross_origin',
    );
    await expectProblem(
      await post({ 'content-type': 'text/plain' }, login, credentials),
      415,
      'urn:service:unsupported_media_type',
    );
  });

  test("this site's own pages get through: same Origin or Sec-Fetch-Site same-origin, JSON, charset allowed", async () => {
    const asPage = await post({
      'content-type': 'application/json; charset=utf-8',
      origin: 'https://shop.example',
      'sec-fetch-site': 'same-origin',
    });
    expect(asPage.status).toBe(201);
    const ownPort = await post(
      { 'content-type': 'application/json', origin: server.origin },
      SIGN_UP,
      body.replace('victim', 'second'),
    );
    expect(ownPort.status).toBe(201);
  });

  test('a program without Origin and Sec-Fetch-Site (curl, a backend) is not a browser page and may call', async () => {
    expect((await post({ 'content-type': 'application/json' })).status).toBe(201);
  });

  test('one-click unsubscribe is the one write taken as a form from anywhere; every other write stays JSON-only and same-origin', async () => {
    const form = {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.provider.example',
      'sec-fetch-site': 'cross-site',
    };
    const token = 'a'.repeat(43);
    // Past the guard: the route itself answers (an unknown token is its own 404, not the guard's 403 or 415).
    await expectProblem(
      await post(form, `${SIGN_UP}/${token}/unsubscribe`, 'List-Unsubscribe=One-Click'),
      404,
      'urn:newsletter:token_unknown',
    );
    // The same form anywhere else, including the same route under the single-page-app base and other methods on it.
    const guarded: [string, string][] = [
      ['POST', SIGN_UP],
      ['POST', SIGN_UP.replace('internal', 'private') + `/${token}/unsubscribe`],
      ['PUT', `${SIGN_UP}/${token}/unsubscribe`],
      ['DELETE', `${SIGN_UP}/${token}`],
      ['PUT', `${SIGN_UP}/${token}`],
      ['PUT', `${SIGN_UP}/${token}/doi`],
      ['POST', `${SIGN_UP}/${token}/unsubscribe/x`],
      ['POST', '/service/login/api/v1/login'],
    ];
    for (const [method, path] of guarded) {
      const response = await fetch(server.origin + path, { method, headers: form, body: 'List-Unsubscribe=One-Click' });
      expect([method, path, response.status]).toEqual([method, path, 403]);
      const sameOrigin = await fetch(server.origin + path, {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect([method, path, sameOrigin.status]).toEqual([method, path, 415]);
    }
  });

  test('reads are not affected', async () => {
    const response = await fetch(
      `${server.origin}/service/abtestfrontend/api/v1/gettestsat?time=2026-12-01T00:00:00Z`,
      { headers: { origin: 'https://evil.example' } },
    );
    expect(response.status).toBe(200);
  });
});
