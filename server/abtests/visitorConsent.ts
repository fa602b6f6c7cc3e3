import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REMEMBERED_CHOICE_MAX_AGE_SECONDS } from '../../src/shared/cookieLifetime.ts';

/** HttpOnly cookie with a random visitor id, so a visitor stays in the same group (docs/constants.md#cookies). */
export const VISITOR_COOKIE = 'ab_visitor';
/** The cookie the footer's consent dialog keeps its choice in: categories, comma-separated (docs/footer.md). */
export const CONSENT_COOKIE = 'consent_choices';
/** The consent category an A/B test needs (docs/footer.md#ab-tests-and-consent). */
export const STATISTICS_CONSENT = 'statistics';

/** Random bytes of a visitor id: 128 bits, base64url (22 characters), never derived from the request. */
const VISITOR_ID_BYTES = 16;
const visitorIdPattern = /^[A-Za-z0-9_-]{22}$/;

/** Whether the visitor consented to statistics in the footer's consent dialog (`consent_choices`). */
export function hasStatisticsConsent(c: Context): boolean {
  return (getCookie(c, CONSENT_COOKIE) ?? '').split(',').includes(STATISTICS_CONSENT);
}

/** The visitor id of the request's `ab_visitor` cookie, when it is one this server could have made. */
export function visitorIdOf(c: Context): string | undefined {
  const id = getCookie(c, VISITOR_COOKIE);
  return id !== undefined && visitorIdPattern.test(id) ? id : undefined;
}

/** The `ab_visitor` id a sign-up is credited to: only with statistics consent (docs/footer.md#ab-tests-and-consent). */
export function consentedVisitorIdOfSignUp(c: Context): string | undefined {
  return hasStatisticsConsent(c) ? visitorIdOf(c) : undefined;
}

/**
 * The visitor id for A/B tests, only with statistics consent: the cookie's, or a new random one set in `ab_visitor`
 * for a year. Without consent no id and no cookie; a cookie left from before (consent withdrawn) is removed.
 */
export function consentedVisitorId(c: Context): string | undefined {
  if (!hasStatisticsConsent(c)) {
    if (getCookie(c, VISITOR_COOKIE) !== undefined) deleteCookie(c, VISITOR_COOKIE, { path: '/' });
    return undefined;
  }
  const known = visitorIdOf(c);
  if (known) return known;
  const id = randomBytes(VISITOR_ID_BYTES).toString('base64url');
  setCookie(c, VISITOR_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: REMEMBERED_CHOICE_MAX_AGE_SECONDS,
  });
  return id;
}
