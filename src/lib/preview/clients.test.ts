import { afterEach, expect, test, vi } from 'vitest';
import { fetchTestsAt } from './abTestClient.ts';
import { login } from './loginClient.ts';
import { applyPreview, checkAuth, logout } from './previewClient.ts';

const calls: { url: string; init?: RequestInit }[] = [];
function answer(...responses: (Response | Error)[]) {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift()!;
    if (next instanceof Error) throw next;
    return next;
  });
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

test('login maps 200, 401, 503 and no answer to the spec results, posting JSON with the CSRF header', async () => {
  vi.stubGlobal('document', { cookie: 'csrf_token=abc' });
  answer(json({ status: 'SUCCESS' }), json({}, 401), json({}, 503), new TypeError('offline'));
  expect(await login({ username: 'staff', password: 'pw' })).toBe('SUCCESS');
  expect(calls[0]!.url).toBe('/service/login/api/v1/login');
  expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"username":"staff","password":"pw"}' });
  expect(calls[0]!.init!.headers).toMatchObject({ 'content-type': 'application/json', 'x-csrf-token': 'abc' });
  expect(await login({ username: 'staff', password: 'pw' })).toBe('UNAUTHORIZED');
  expect(await login({ username: 'staff', password: 'pw' })).toBe('SERVICE_UNAVAILABLE');
  expect(await login({ username: 'staff', password: 'pw' })).toBe('SERVICE_UNAVAILABLE');
});

test('apply sends test, group and previewDateTime as query parameters and reports success only for 2xx', async () => {
  answer(new Response(null, { status: 200 }), new Response(null, { status: 400 }), new TypeError('offline'));
  const selection = { test: 'T 1', group: 'A&B' };
  expect(await applyPreview(selection, '2026-12-24T17:30:00.000Z')).toBe(true);
  const url = new URL(calls[0]!.url, 'http://x');
  expect(url.pathname).toBe('/service/preview/api/token');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    test: 'T 1',
    group: 'A&B',
    previewDateTime: '2026-12-24T17:30:00.000Z',
  });
  expect(await applyPreview(selection, '2026-12-24T17:30:00.000Z')).toBe(false);
  expect(await applyPreview(selection, '2026-12-24T17:30:00.000Z')).toBe(false);
});

test('checkauth gives the state on success and nothing for malformed answers or failures', async () => {
  answer(json({ status: 'SUCCESS', dateTime: null }), json('<html>'), new TypeError('offline'));
  expect(await checkAuth()).toEqual({ status: 'SUCCESS', dateTime: null, abTestName: null, abTestGroup: null });
  expect(await checkAuth()).toBeUndefined();
  expect(await checkAuth()).toBeUndefined();
});

test('gettestsat rejects on an error status or a malformed list', async () => {
  answer(json([{ name: 'T', groups: [{ name: 'A' }] }]), json({}, 500), json([{ nom: 'T' }]));
  expect(await fetchTestsAt('2026-11-21T10:00:00.000Z')).toEqual([{ name: 'T', groups: [{ name: 'A' }] }]);
  expect(calls[0]!.url).toBe('/service/abtestfrontend/api/v1/gettestsat?time=2026-11-21T10%3A00%3A00.000Z');
  await expect(fetchTestsAt('2026-11-21T10:00:00.000Z')).rejects.toThrow();
  await expect(fetchTestsAt('2026-11-21T10:00:00.000Z')).rejects.toThrow();
});

test('logout ignores failures', async () => {
  answer(new TypeError('offline'));
  await expect(logout()).resolves.toBeUndefined();
});
