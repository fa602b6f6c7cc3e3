import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { issueCsrfCookie, requireCsrf } from './csrf.ts';

const app = new Hono();
app.use(issueCsrfCookie());
app.get('/page', (c) => c.html('<p>page</p>'));
app.post('/action', requireCsrf(), (c) => c.json({ ok: true }));

test('a page response gives a visitor without one a CSRF cookie', async () => {
  const response = await app.request('/page');
  expect(response.headers.get('set-cookie')).toMatch(/^csrf_token=[\w-]{32}; Path=\/; SameSite=Strict$/);
  const again = await app.request('/page', { headers: { cookie: 'csrf_token=abc' } });
  expect(again.headers.get('set-cookie')).toBeNull();
});

test('a state-changing call needs the header to match the cookie', async () => {
  const ok = await app.request('/action', {
    method: 'POST',
    headers: { cookie: 'csrf_token=abc', 'x-csrf-token': 'abc' },
  });
  expect(ok.status).toBe(200);
  const wrong = await app.request('/action', {
    method: 'POST',
    headers: { cookie: 'csrf_token=abc', 'x-csrf-token': 'abd' },
  });
  const missing = await app.request('/action', { method: 'POST', headers: { cookie: 'csrf_token=abc' } });
  expect([wrong.status, missing.status]).toEqual([403, 403]);
});
