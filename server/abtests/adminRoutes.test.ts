import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { expectProblem } from '../expectProblem.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { serviceUrl, services } from '../../src/shared/routes.ts';

// Operators' A/B calls over real HTTP, with the admin token (docs/calls.md#ab-test-admin).
const TOKEN = 'test-admin-token-0123456789abcdef';
const TESTS = serviceUrl(services.abTests, 'tests');
const hero = {
  name: 'HERO',
  groups: ['A', 'B'],
  weights: [70, 30],
  from: '2026-01-01T00:00:00Z',
  to: '2099-01-01T00:00:00Z',
};

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ env: { PROMOTION_ADMIN_TOKEN: TOKEN } });
});
afterEach(() => server.close());

/** A call as an operator's tool sends it: JSON, bearer token, no Origin. */
function call(path: string, method = 'GET', body?: string, token = TOKEN) {
  return fetch(server.origin + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body }),
  });
}
const listed = async () => ((await (await call(TESTS)).json()) as { tests: { name: string; state: string }[] }).tests;

describe('A/B admin calls', () => {
  test('create, list and end a test', async () => {
    const created = await call(TESTS, 'POST', JSON.stringify({ ...hero, shops: ['de'] }));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      name: 'HERO',
      groups: [
        { name: 'A', weight: 70 },
        { name: 'B', weight: 30 },
      ],
      shops: ['de'],
      state: 'running',
    });
    expect(await listed()).toContainEqual(expect.objectContaining({ name: 'HERO', state: 'running' }));
    const ended = await call(serviceUrl(services.abTests, 'endTest', { name: 'HERO' }), 'POST', '{}');
    expect(ended.status).toBe(200);
    expect(await listed()).toContainEqual(expect.objectContaining({ name: 'HERO', state: 'ended' }));
    // Ended tests run no more: gettestsat no longer lists it.
    const now = await fetch(
      `${server.origin}${serviceUrl(services.abTests, 'testsAt')}?time=${new Date().toISOString()}`,
    );
    expect(((await now.json()) as { name: string }[]).map((test) => test.name)).not.toContain('HERO');
  });

  test.each([
    ['weights that do not sum to 100', JSON.stringify({ ...hero, weights: [70, 20] }), '$.weights'],
    ['one group', JSON.stringify({ ...hero, groups: ['A'], weights: undefined }), '$.groups'],
    ['an unknown shop', JSON.stringify({ ...hero, shops: ['xx'] }), '$.shops[0]'],
    ['a name too long', JSON.stringify({ ...hero, name: 'N'.repeat(65) }), '$.name'],
    ['an end before the start', JSON.stringify({ ...hero, to: '2025-01-01T00:00:00Z' }), '$.to'],
    ['malformed JSON', '{"name":', '$'],
    ['an array', '[]', '$.name'],
  ])('%s is refused with 400 and the field, nothing stored', async (_, body, path) => {
    const document = await expectProblem(await call(TESTS, 'POST', body), 400, 'urn:abtest:invalid_request');
    expect(document.problems).toContainEqual(expect.objectContaining({ path }));
    expect((await listed()).map((test) => test.name)).not.toContain('HERO');
  });

  test('a name taken is 409; ending an unknown or ended test is 404 or 409', async () => {
    expect((await call(TESTS, 'POST', JSON.stringify(hero))).status).toBe(201);
    await expectProblem(await call(TESTS, 'POST', JSON.stringify(hero)), 409, 'urn:abtest:exists');
    const end = (name: string) => call(serviceUrl(services.abTests, 'endTest', { name }), 'POST', '{}');
    await expectProblem(await end('NOPE'), 404, 'urn:abtest:not_found');
    await expectProblem(await end('x'.repeat(300)), 404, 'urn:abtest:not_found');
    expect((await end('HERO')).status).toBe(200);
    await expectProblem(await end('HERO'), 409, 'urn:abtest:ended');
  });

  test('an unknown field, a 20 MB body, another site and a form body are refused; nothing stored', async () => {
    const unknown = await call(TESTS, 'POST', JSON.stringify({ ...hero, owner: 'x' }));
    await expectProblem(unknown, 400, 'urn:abtest:invalid_request');
    const huge = await call(TESTS, 'POST', JSON.stringify({ ...hero, name: 'N'.repeat(20 * 1024 * 1024) }));
    await expectProblem(huge, 413, 'urn:service:payload_too_large');
    const crossSite = await fetch(server.origin + TESTS, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' },
      body: JSON.stringify(hero),
    });
    await expectProblem(crossSite, 403, 'urn:service:cross_origin');
    const form = await fetch(server.origin + TESTS, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${TOKEN}` },
      body: 'name=HERO',
    });
    await expectProblem(form, 415, 'urn:service:unsupported_media_type');
    expect((await listed()).map((test) => test.name)).not.toContain('HERO');
  });

  test('without the admin token every call is 401 and nothing changes', async () => {
    await expectProblem(await call(TESTS, 'GET', undefined, 'wrong-token'), 401, 'urn:service:unauthorized');
    await expectProblem(await call(TESTS, 'POST', JSON.stringify(hero), 'wrong'), 401, 'urn:service:unauthorized');
    const end = serviceUrl(services.abTests, 'endTest', { name: 'FOOTER_TEASER_ORDER' });
    await expectProblem(await call(end, 'POST', '{}', 'wrong'), 401, 'urn:service:unauthorized');
    expect(await listed()).toContainEqual(expect.objectContaining({ name: 'FOOTER_TEASER_ORDER', state: 'running' }));
  });
});
