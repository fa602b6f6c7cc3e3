import { afterEach, describe, expect, test } from 'vitest';
import { DEMO_STAFF } from '../preview/staffAccounts.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { hashGate, type HashGate } from '../throttle/hashGate.ts';
import { defaultLoginThrottle } from '../throttle/loginThrottle.ts';

// Parallel guesses (docs/security.md#login-sessions-and-headers-probes-and-answers): every attempt is counted before
// its password is hashed, so a burst meets the same 429s as guesses in a row, and only the free attempts cost a hash.
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * The documented free attempts, with waits long enough that none ends while a burst is still being answered on a
 * busy machine (the counting, not the waiting, is under test).
 */
const throttle = { ...defaultLoginThrottle, firstDelayMs: 60_000 };

async function start(hashes: HashGate) {
  server = await startTestServer({ login: { hashes, throttle } });
  return server;
}

function login(body: { username: string; password: string }) {
  return fetch(`${server!.origin}/service/login/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'csrf_token=t0k3n', 'x-csrf-token': 't0k3n' },
    body: JSON.stringify(body),
  });
}

/** Sends all logins at once and counts the answers by status. */
async function burst(bodies: { username: string; password: string }[]): Promise<Record<number, number>> {
  const responses = await Promise.all(bodies.map(login));
  const counts: Record<number, number> = {};
  for (const response of responses) {
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    await response.body?.cancel();
  }
  return counts;
}

/**
 * A gate whose hashes take 50 ms longer, as a full-cost scrypt would: the whole burst arrives while the first hashes
 * still run. `started` and `peak` are the real gate's.
 */
function slowGate(concurrency: number): HashGate {
  const real = hashGate(concurrency, 64);
  return {
    run: (hash) => real.run(() => new Promise((resolve) => setTimeout(resolve, 50)).then(hash)),
    get started() {
      return real.started;
    },
    get peak() {
      return real.peak;
    },
  };
}

const wrong = (username: string) => ({ username, password: 'guess' });

describe('a burst of parallel logins', () => {
  test('40 wrong staff passwords at once: 5 × 401, 35 × 429, and only 5 hashes, at most 2 at a time', async () => {
    const hashes = slowGate(2);
    await start(hashes);
    expect(await burst(Array.from({ length: 40 }, () => wrong(DEMO_STAFF.username)))).toEqual({ 401: 5, 429: 35 });
    expect(hashes.started).toBe(5);
    expect(hashes.peak).toBeLessThanOrEqual(2);
    // The right password waits as well now.
    expect((await login(DEMO_STAFF)).status).toBe(429);
  });

  test('one client, 40 names at once: 20 × 401 and 20 × 429 (the per-client count)', async () => {
    const hashes = slowGate(4);
    await start(hashes);
    expect(await burst(Array.from({ length: 40 }, (_, i) => wrong(`user-${i}`)))).toEqual({ 401: 20, 429: 20 });
    expect(hashes.started).toBe(20);
  });

  test('the right password among the free attempts logs in, and clears the account count', async () => {
    await start(slowGate(4));
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => login(wrong(DEMO_STAFF.username))),
      login(DEMO_STAFF),
    ]);
    expect(responses.map((r) => r.status)).toEqual([401, 401, 401, 401, 200]);
    expect(await burst(Array.from({ length: 6 }, () => wrong(DEMO_STAFF.username)))).toEqual({ 401: 5, 429: 1 });
  });

  test('with no hash slot free the login answers 503 with Retry-After, and the attempt does not count', async () => {
    const real = hashGate();
    let full = true;
    const hashes: HashGate = { run: (hash) => (full ? undefined : real.run(hash)), started: 0, peak: 0 };
    await start(hashes);
    for (let i = 0; i < 8; i++) {
      const response = await login(wrong(DEMO_STAFF.username));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toMatchObject({ type: 'urn:login:busy', status: 503 });
    }
    full = false;
    // The 8 refused attempts were never checked, so all 5 free attempts are still there.
    expect(await burst(Array.from({ length: 6 }, () => wrong(DEMO_STAFF.username)))).toEqual({ 401: 5, 429: 1 });
  });
});
