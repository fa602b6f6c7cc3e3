import http from 'node:http';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing.ts';
import { expectProblem } from '../../server/expectProblem.ts';
import { createPublisher } from '../../server/publish/publisher.ts';
import { memorySchedule } from '../../server/publish/memorySchedule.ts';
import { DEMO_STAFF } from '../../server/preview/staffAccounts.ts';

// Guessing the promotion admin token (docs/security.md#promotion-admin-and-operations-under-faults-probes-and-answers): wrong
// tokens are throttled per client with backoff and Retry-After, as wrong staff passwords are. The server's clock (the
// Date) stands still unless a test moves it past a wait.
const TOKEN = 'throttle-admin-token-0123456789abcdef';
const VERSIONS = '/service/promotion/api/promotion/SHOP_FOOTER/versions';
const STATUS = '/service/publish/api/status';

let server: TestServer;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // A publisher that never builds, so the publisher's admin calls are there too.
  const publisher = () =>
    createPublisher({
      schedule: memorySchedule().schedule,
      build: async () => ({ ok: true }),
      liveRelease: () => undefined,
      catchUpAtStart: false,
      log: () => {},
    });
  server = await startTestServer({ env: { PROMOTION_ADMIN_TOKEN: TOKEN }, publisher });
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const withToken = (token: string, path = VERSIONS) =>
  fetch(server.origin + path, { headers: { site: 'DE', authorization: `Bearer ${token}` } });

/** A GET from another loopback address than 127.0.0.1: another client as far as the server can tell. */
function fromOtherClient(token: string): Promise<number> {
  const url = new URL(server.origin + VERSIONS);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress: '127.0.0.2',
        headers: { site: 'DE', authorization: `Bearer ${token}` },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('error', reject);
  });
}

describe('wrong admin tokens', () => {
  test('200 guesses in a row: 5 get 401, then 429 with Retry-After except one guess per elapsed wait; the right token waits too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const response = await withToken(`guess-${i}-0123456789abcdefghijkl`);
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      await response.body?.cancel();
    }
    // No wait elapsed (the clock stands still): every guess after the fifth meets the first wait.
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(195).fill(429)]);
    await expectProblem(await withToken(TOKEN), 429, 'urn:promotion:throttled');
    // The publisher's calls share the count: the same client is throttled there as well.
    expect((await withToken(TOKEN, STATUS)).status).toBe(429);
  });

  test('another client is not held up, and after the wait the right token works and clears the count', async () => {
    for (let i = 0; i < 5; i++) expect((await withToken('wrong-token-0123456789abcdefghijkl')).status).toBe(401);
    const throttled = await withToken(TOKEN);
    expect(throttled.status).toBe(429);
    expect(await fromOtherClient(TOKEN)).toBe(200);

    const waitMs = Number(throttled.headers.get('retry-after')) * 1000;
    vi.setSystemTime(Date.now() + waitMs - 1);
    expect((await withToken(TOKEN)).status).toBe(429);
    vi.setSystemTime(Date.now() + 1);
    expect((await withToken(TOKEN)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await withToken('wrong-token-0123456789abcdefghijkl')).status).toBe(401);
  });

  test('each wrong token after a wait doubles the next wait', async () => {
    for (let i = 0; i < 5; i++) await withToken('wrong-token-0123456789abcdefghijkl');
    const first = Number((await withToken('x')).headers.get('retry-after'));
    expect(first).toBe(1);
    vi.setSystemTime(Date.now() + first * 1000);
    expect((await withToken('wrong-token-0123456789abcdefghijkl')).status).toBe(401);
    expect(Number((await withToken('x')).headers.get('retry-after'))).toBe(2 * first);
  });

  test('40 wrong tokens at once: the same as in a row, 5 × 401 and 35 × 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => withToken(`wrong-token-${i}-0123456789abcdefghijkl`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  test('wrong admin tokens are no failed staff logins: the client may still log in', async () => {
    for (let i = 0; i < 30; i++) await withToken(`wrong-token-${i}-0123456789abcdefghijkl`);
    const login = await fetch(`${server.origin}/service/login/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'csrf_token=x', 'x-csrf-token': 'x' },
      body: JSON.stringify(DEMO_STAFF),
    });
    expect(login.status).toBe(200);
  });
});
