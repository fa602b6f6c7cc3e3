import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { RenewalOutcome } from '../../lib/auth/renewal.ts';
import { startLoginTokenRenewal } from './renewalTimer.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (exp: number, ren: number) => `${encode({ alg: 'HS256' })}.${encode({ lid: 'c-1', exp, ren })}.sig`;
const T0 = Date.UTC(2026, 10, 21, 12);
const s = (ms: number) => Math.floor(ms / 1000);

let cookies: string;
let statuses: (number | undefined)[];
let renewCalls: string[];
let outcomes: RenewalOutcome[];
let stop: () => void;

function start() {
  stop = startLoginTokenRenewal({
    readCookies: () => cookies,
    now: () => Date.now(),
    renew: async (t) => {
      renewCalls.push(t);
      return statuses.shift();
    },
    onOutcome: (o) => outcomes.push(o),
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  cookies = '';
  statuses = [];
  renewCalls = [];
  outcomes = [];
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

test('while logged in it checks at once and then every 3 minutes, renewing only when due', async () => {
  cookies = `login_token=${token(s(T0) + 3600, s(T0) + 170)}`;
  statuses = [201];
  start();
  await vi.advanceTimersByTimeAsync(0);
  expect(outcomes).toEqual([4]);
  await vi.advanceTimersByTimeAsync(179_999);
  expect(outcomes).toEqual([4]);
  await vi.advanceTimersByTimeAsync(1);
  expect(outcomes).toEqual([4, 0]); // 180 s ≥ ren: renewed with 201
  expect(renewCalls).toHaveLength(1);
  cookies = `login_token=${token(s(T0) + 7200, s(T0) + 3000)}`; // the new token the service set
  await vi.advanceTimersByTimeAsync(180_000);
  expect(outcomes).toEqual([4, 0, 4]);
});

test('a 500 is silent and polling goes on; a 200 stops it', async () => {
  cookies = `login_token=${token(s(T0) + 3600, s(T0) - 1)}`;
  statuses = [500, undefined, 200];
  start();
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(180_000);
  await vi.advanceTimersByTimeAsync(180_000);
  expect(outcomes).toEqual([2, 2, 1]);
  await vi.advanceTimersByTimeAsync(3_600_000);
  expect(renewCalls).toHaveLength(3);
});

test('an unknown token (401) stops polling with 3', async () => {
  cookies = `login_token=${token(s(T0) + 3600, s(T0) - 1)}`;
  statuses = [401];
  start();
  await vi.advanceTimersByTimeAsync(3_600_000);
  expect(outcomes).toEqual([3]);
  expect(renewCalls).toHaveLength(1);
});

test('an expired token stops polling with 5 and calls nothing', async () => {
  cookies = `login_token=${token(s(T0) - 1, s(T0) - 100)}`;
  start();
  await vi.advanceTimersByTimeAsync(3_600_000);
  expect(outcomes).toEqual([5]);
  expect(renewCalls).toEqual([]);
});

test('without a login cookie it looks every 10 seconds and switches to 3 minutes once one appears', async () => {
  start();
  await vi.advanceTimersByTimeAsync(25_000);
  expect(outcomes).toEqual([]);
  cookies = `login_token=${token(s(T0) + 3600, s(T0) + 3000)}`;
  await vi.advanceTimersByTimeAsync(5_000); // the check at 30 s sees the cookie
  expect(outcomes).toEqual([4]);
  await vi.advanceTimersByTimeAsync(170_000);
  expect(outcomes).toEqual([4]);
  await vi.advanceTimersByTimeAsync(10_000);
  expect(outcomes).toEqual([4, 4]);
});

test('does nothing at all on smartphone and tablet platforms', async () => {
  for (const platform of ['SMARTPHONE', 'TABLET']) {
    cookies = `platform=${platform}; login_token=${token(s(T0) + 3600, s(T0) - 1)}`;
    start();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(renewCalls).toEqual([]);
    expect(outcomes).toEqual([]);
  }
});

test('stop() ends polling', async () => {
  cookies = `login_token=${token(s(T0) + 3600, s(T0) + 3000)}`;
  start();
  await vi.advanceTimersByTimeAsync(0);
  stop();
  await vi.advanceTimersByTimeAsync(3_600_000);
  expect(outcomes).toEqual([4]);
});
