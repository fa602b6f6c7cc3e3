import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { requireAdminToken } from './adminToken.ts';

function appWith(token: string | undefined) {
  const app = new Hono();
  app.use(requireAdminToken(token));
  app.get('/status', (c) => c.json({ ok: true }));
  return app;
}

const TOKEN = 'admin-token-0123456789abcdefghij';

describe('requireAdminToken', () => {
  test('lets the configured Bearer token through', async () => {
    const response = await appWith(TOKEN).request('/status', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
  });

  test.each([
    ['no header', undefined],
    ['another token', 'Bearer admin-token-0123456789abcdefghiX'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 10)}`],
    ['the token without the Bearer scheme', TOKEN],
    ['Basic credentials', `Basic ${btoa(`admin:${TOKEN}`)}`],
  ])('refuses %s with 401 problem+json and WWW-Authenticate: Bearer', async (_case, authorization) => {
    const response = await appWith(TOKEN).request('/status', { headers: authorization ? { authorization } : {} });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ type: 'urn:publish:unauthorized', status: 401 });
  });

  test('without a configured token nobody gets in, not even with an empty or "undefined" token', async () => {
    for (const authorization of ['Bearer ', 'Bearer undefined', `Bearer ${TOKEN}`]) {
      expect((await appWith(undefined).request('/status', { headers: { authorization } })).status).toBe(401);
    }
  });
});
