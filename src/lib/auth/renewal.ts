import { readCookie } from '../../shared/cookies.ts';
import { LOGIN_COOKIE } from '../../shared/auth/loginCookie.ts';
import { readLoginTokenTimes } from './loginTokenTimes.ts';
import { PLATFORM_COOKIE, type Platform } from '../footer/platform.ts';

/**
 * The shopper's login-token renewal as a pure state machine (docs/preview.md#login-token-renewal): what to do now, and
 * how long to wait before looking again. The timer shell (`renewalTimer.ts`) does the waiting and the calling.
 */

/** Outcome codes of one renewal check (docs/preview.md#outcome-codes). */
export const renewalOutcomes = {
  /** 201: a new token was issued. */
  created: 0,
  /** 200: the token was renewed already (current); polling stops. */
  renewed: 1,
  /** 500, or no answer at all: try again at the next check. */
  serverError: 2,
  /** The token is unreadable or the service does not know it; polling stops. */
  unknownToken: 3,
  /** `ren` has not been reached yet; nothing is called. */
  notDue: 4,
  /** `exp` has passed; nothing is called and polling stops. */
  expired: 5,
} as const;
export type RenewalOutcome = (typeof renewalOutcomes)[keyof typeof renewalOutcomes];

/** Check interval while logged in (every 3 minutes, docs/constants.md#timings). */
export const LOGGED_IN_INTERVAL_MS = 3 * 60 * 1000;
/** Check interval while there is no login cookie yet (every 10 seconds, docs/constants.md#timings). */
export const WAITING_INTERVAL_MS = 10 * 1000;
/** Values of the platform cookie for which renewal is skipped (docs/preview.md#login-token-renewal). */
const SKIPPED_PLATFORMS: ReadonlySet<string> = new Set<Platform>(['SMARTPHONE', 'TABLET']);

/** What one check decides from the cookies and the clock. */
export type RenewalDecision =
  { kind: 'wait-for-login' } | { kind: 'outcome'; outcome: RenewalOutcome } | { kind: 'renew'; token: string };

/** True when the platform cookie says smartphone or tablet: no renewal there (docs/preview.md#login-token-renewal). */
export function isRenewalSkipped(cookies: string): boolean {
  return SKIPPED_PLATFORMS.has((readCookie(cookies, PLATFORM_COOKIE) ?? '').toUpperCase());
}

/** Decides one check; times in the token and `nowSeconds` are seconds since the epoch. */
export function decideRenewal(cookies: string, nowSeconds: number): RenewalDecision {
  const token = readCookie(cookies, LOGIN_COOKIE);
  if (!token) return { kind: 'wait-for-login' };
  const claims = readLoginTokenTimes(token);
  if (!claims) return { kind: 'outcome', outcome: renewalOutcomes.unknownToken };
  if (nowSeconds >= claims.exp) return { kind: 'outcome', outcome: renewalOutcomes.expired };
  if (nowSeconds < claims.ren) return { kind: 'outcome', outcome: renewalOutcomes.notDue };
  return { kind: 'renew', token };
}

/** Maps the renewal call's HTTP status (or `undefined` for no answer) to an outcome code. */
export function outcomeOfStatus(status: number | undefined): RenewalOutcome {
  if (status === 201) return renewalOutcomes.created;
  if (status === 200) return renewalOutcomes.renewed;
  if (status === undefined || status >= 500) return renewalOutcomes.serverError;
  return renewalOutcomes.unknownToken;
}

/** Milliseconds until the next check, or undefined when polling stops (after 1, 3 or 5). */
export function nextCheckDelay(result: RenewalOutcome | 'wait-for-login'): number | undefined {
  if (result === 'wait-for-login') return WAITING_INTERVAL_MS;
  const stops: RenewalOutcome[] = [renewalOutcomes.renewed, renewalOutcomes.unknownToken, renewalOutcomes.expired];
  return stops.includes(result) ? undefined : LOGGED_IN_INTERVAL_MS;
}
