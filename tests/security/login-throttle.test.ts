import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEMO_STAFF } from '../../server/preview/staffAccounts.ts';
import { loginPost, startTestServer, type TestServer } from './login-helpers.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const wrong = (username: string) => loginPost(server, '/login', { username, password: 'guess' });

describe('staff login brute force', () => {
  test('forty wrong passwords in a row end in 429 with Retry-After, and then even the right one waits', async () => {
    // The clock stands still: the first wait (1 s) must not run out on a busy machine between two guesses.
    vi.useFakeTimers({ toFake: ['Date'] });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await wrong(DEMO_STAFF.username)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(35).fill(429));

    const right = await loginPost(server, '/login', DEMO_STAFF);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.headers.get('content-type')).toBe('application/problem+json');
    expect(await right.json()).toEqual({ type: 'urn:login:throttled', title: expect.any(String), status: 429 });
    expect(right.headers.getSetCookie()).toEqual([]);
  });

  test('answers an unknown account exactly like a real one', async () => {
    const answers = async (username: string) => {
      const out: string[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await wrong(username);
        out.push(`${response.status} ${response.headers.get('retry-after')} ${await response.text()}`);
      }
      return out;
    };
    // Separate servers, so the per-client count of one run does not reach into the other.
    const real = await answers(DEMO_STAFF.username);
    await server.close();
    server = await startTestServer();
    expect(await answers('nobody-here')).toEqual(real);
  });

  test('backs off: each failure after the free ones doubles the wait, and the wait ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 5; i++) await wrong(DEMO_STAFF.username);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await wrong(DEMO_STAFF.username);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      vi.setSystemTime(Date.now() + wait * 1000);
      expect((await wrong(DEMO_STAFF.username)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    vi.setSystemTime(Date.now() + 16_000);
    expect((await loginPost(server, '/login', DEMO_STAFF)).status).toBe(200);
  });

  test('one client guessing across many account names is throttled too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await wrong(`user-${i}`)).status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
  });
});
