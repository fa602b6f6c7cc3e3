import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { expectProblem } from '../expectProblem.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { serverPublisher } from './serverPublisher.ts';

// The rebuild call's refusals against the real server and its real publisher: nothing refused is queued or built
// (docs/calls.md#rebuild). Builds themselves are tested in tests/publish/.

const TOKEN = 'publish-routes-token-0123456789abcdef';
const REBUILD = '/service/publish/api/rebuild';
let server: TestServer;

beforeEach(async () => {
  // no-catch-up: the empty site must not start a repair build here; these tests are about refusals.
  server = await startTestServer({
    env: { PROMOTION_ADMIN_TOKEN: TOKEN, PUBLISHER: 'no-catch-up' },
    publisher: (config, { versions, shared }) => serverPublisher(config, versions, shared),
  });
});
afterEach(() => server.close());

const rebuild = (body: string, headers: Record<string, string> = {}) =>
  fetch(server.origin + REBUILD, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, ...headers },
    body,
  });

/** Nothing waits for a build and nothing is building. */
async function nothingQueued() {
  const status = (await (
    await fetch(`${server.origin}/service/publish/api/status`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).json()) as {
    queue: string[];
    shops: Record<string, { building: boolean }>;
  };
  expect(status.queue).toEqual([]);
  expect(Object.values(status.shops).some((shop) => shop.building)).toBe(false);
}

describe('POST /service/publish/api/rebuild refuses', () => {
  test.each([
    ['a body that is not JSON', '{"shops":', '$'],
    ['shops as a string', JSON.stringify({ shops: 'hu' }), '$.shops'],
    ['a shop that is not a string', JSON.stringify({ shops: ['hu', 7] }), '$.shops[1]'],
    ['no shop at all', JSON.stringify({ shops: [] }), '$.shops'],
  ])('%s with 400 naming the place, and queues nothing', async (_name, body, path) => {
    const document = await expectProblem(await rebuild(body), 400, 'urn:publish:invalid_request');
    expect((document.problems as { path: string }[]).map((problem) => problem.path)).toContain(path);
    await nothingQueued();
  });

  test('an unknown field by its name, as the newsletter calls do', async () => {
    const document = await expectProblem(
      await rebuild(JSON.stringify({ shops: ['hu'], force: true })),
      400,
      'urn:publish:invalid_request',
    );
    expect(document.problems).toEqual([{ path: '$.force', message: 'unknown field' }]);
  });

  test('a body that is not JSON by type with 415, and one from another site with 403', async () => {
    await expectProblem(
      await rebuild(JSON.stringify({ shops: ['hu'] }), { 'content-type': 'text/plain' }),
      415,
      'urn:service:unsupported_media_type',
    );
    await expectProblem(
      await rebuild(JSON.stringify({ shops: ['hu'] }), { origin: 'https://evil.example' }),
      403,
      'urn:service:cross_origin',
    );
    await expectProblem(
      await rebuild(JSON.stringify({ shops: ['hu'] }), { 'sec-fetch-site': 'cross-site' }),
      403,
      'urn:service:cross_origin',
    );
    await nothingQueued();
  });

  test('an oversized body with 413 before reading it', async () => {
    const body = JSON.stringify({ shops: Array.from({ length: 5000 }, () => 'hu') });
    expect(body.length).toBeGreaterThan(16 * 1024);
    await expectProblem(await rebuild(body), 413, 'urn:service:payload_too_large');
    await nothingQueued();
  });
});
