import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEMO_STAFF } from '../../server/preview/staffAccounts.ts';
import { cookiePairs, loginPost, startTestServer, type TestServer } from './login-helpers.ts';

let server: TestServer;
async function startShop(env: Record<string, string> = {}) {
  server = await startTestServer({ env });
  fs.writeFileSync(path.join(server.dir, 'dist', 'index.html'), '<!doctype html><title>shop</title>');
}
beforeEach(() => startShop());
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const get = (urlPath: string, cookie = '') => fetch(server.origin + urlPath, { headers: { cookie } });

describe('session and CSRF cookies', () => {
  test('on https they are Secure and __Host- prefixed, and only the prefixed ones count', async () => {
    await server.close();
    await startShop({ SITE_URL: 'https://shop.example' });
    const csrfLine = (await get('/')).headers.getSetCookie().find((line) => line.includes('csrf_token='));
    expect(csrfLine).toMatch(/^__Host-csrf_token=[\w-]+; Path=\/; Secure; SameSite=Strict$/);

    // A plain-named CSRF cookie (which a sibling http host could have planted) is not accepted.
    const planted = await loginPost(server, '/login', DEMO_STAFF);
    expect(planted.status).toBe(403);

    const csrf = { cookie: '__Host-csrf_token=t0k3n' };
    const login = await loginPost(server, '/login', DEMO_STAFF, csrf);
    expect(login.status).toBe(200);
    const sessionLine = login.headers.getSetCookie().find((line) => line.includes('preview_session='));
    expect(sessionLine).toMatch(/^__Host-preview_session=[\w-]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(login.headers.getSetCookie().find((line) => line.startsWith('StaffAuthToken='))).toMatch(/; Secure/);

    const session = cookiePairs(login).find((pair) => pair.startsWith('__Host-preview_session='))!;
    expect((await get('/service/preview/api/auth/checkauth', session)).status).toBe(200);
    const unprefixed = session.replace('__Host-', '');
    expect((await get('/service/preview/api/auth/checkauth', unprefixed)).status).toBe(401);
  });

  test('on plain http (localhost) they keep their plain names and no Secure flag', async () => {
    const csrfLine = (await get('/')).headers.getSetCookie().find((line) => line.includes('csrf_token='));
    expect(csrfLine).toMatch(/^csrf_token=[\w-]+; Path=\/; SameSite=Strict$/);
    const login = await loginPost(server, '/login', DEMO_STAFF);
    expect(login.status).toBe(200);
    for (const line of login.headers.getSetCookie()) expect(line).not.toMatch(/Secure|__Host-/);
  });
});

describe('staff session lifetime', () => {
  test('renewals keep a session alive for at most 8 hours after login', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const loggedInAt = Date.now();
    const login = await loginPost(server, '/login', DEMO_STAFF);
    const session = cookiePairs(login).find((pair) => pair.startsWith('preview_session='))!;
    // The panel renews every 5 minutes; renew every 10 to stay well inside the 15-minute idle timeout.
    while (Date.now() + 10 * 60_000 < loggedInAt + 8 * 3600_000) {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      expect((await get('/service/preview/api/auth/login/renew', session)).status).toBe(200);
    }
    expect((await get('/service/preview/api/auth/checkauth', session)).status).toBe(200);
    vi.setSystemTime(loggedInAt + 8 * 3600_000);
    expect((await get('/service/preview/api/auth/checkauth', session)).status).toBe(401);
    expect((await get('/service/preview/api/auth/login/renew', session)).status).toBe(401);
  });
});
