import { describe, expect, test } from 'vitest';
import {
  decideRenewal,
  isRenewalSkipped,
  LOGGED_IN_INTERVAL_MS,
  nextCheckDelay,
  outcomeOfStatus,
  renewalOutcomes,
  WAITING_INTERVAL_MS,
} from './renewal.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenCookie = (exp: number, ren: number) =>
  `login_token=${encode({ alg: 'HS256' })}.${encode({ lid: 'c-1', exp, ren })}.sig`;

describe('decideRenewal', () => {
  test('waits for the login cookie when there is none', () => {
    expect(decideRenewal('other=1', 1000)).toEqual({ kind: 'wait-for-login' });
  });

  test('ignores a malformed login cookie and keeps waiting for a real one', () => {
    expect(decideRenewal('login_token=%E0', 1000)).toEqual({ kind: 'wait-for-login' });
    expect(isRenewalSkipped('platform=%E0; login_token=%E0')).toBe(false);
  });

  test('gives 3 for an unreadable token', () => {
    expect(decideRenewal('login_token=garbage', 1000)).toEqual({ kind: 'outcome', outcome: 3 });
  });

  test('gives 4 before ren, renews from ren on, gives 5 from exp on (seconds)', () => {
    const cookies = `a=1; ${tokenCookie(2000, 1500)}`;
    expect(decideRenewal(cookies, 1499)).toEqual({ kind: 'outcome', outcome: renewalOutcomes.notDue });
    expect(decideRenewal(cookies, 1500)).toMatchObject({ kind: 'renew' });
    expect(decideRenewal(cookies, 1999)).toMatchObject({ kind: 'renew' });
    expect(decideRenewal(cookies, 2000)).toEqual({ kind: 'outcome', outcome: renewalOutcomes.expired });
  });

  test('hands the token itself to the renewal call', () => {
    const cookie = tokenCookie(2000, 1500);
    expect(decideRenewal(cookie, 1600)).toEqual({ kind: 'renew', token: cookie.slice('login_token='.length) });
  });
});

test('maps 201, 200, 500 and no answer, and anything else to the spec codes', () => {
  expect(outcomeOfStatus(201)).toBe(0);
  expect(outcomeOfStatus(200)).toBe(1);
  expect(outcomeOfStatus(500)).toBe(2);
  expect(outcomeOfStatus(503)).toBe(2);
  expect(outcomeOfStatus(undefined)).toBe(2);
  expect(outcomeOfStatus(401)).toBe(3);
  expect(outcomeOfStatus(403)).toBe(3);
});

test('polls every 3 minutes after 0, 2 and 4, every 10 seconds while waiting, and stops after 1, 3 and 5', () => {
  expect(LOGGED_IN_INTERVAL_MS).toBe(180_000);
  expect(WAITING_INTERVAL_MS).toBe(10_000);
  expect([0, 2, 4].map((code) => nextCheckDelay(code as 0 | 2 | 4))).toEqual([180_000, 180_000, 180_000]);
  expect(nextCheckDelay('wait-for-login')).toBe(10_000);
  expect([1, 3, 5].map((code) => nextCheckDelay(code as 1 | 3 | 5))).toEqual([undefined, undefined, undefined]);
});

test('is skipped on smartphone and tablet platform cookies only', () => {
  expect(isRenewalSkipped('platform=SMARTPHONE')).toBe(true);
  expect(isRenewalSkipped('a=1; platform=TABLET')).toBe(true);
  expect(isRenewalSkipped('platform=CLASSIC')).toBe(false);
  expect(isRenewalSkipped('platform=MATCH')).toBe(false);
  expect(isRenewalSkipped('')).toBe(false);
});
