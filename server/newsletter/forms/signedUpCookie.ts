import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { signUpPlacements } from '../../../src/shared/newsletter/formAnswers.ts';
import { sessionCookiePrefix } from '../../edge/securityHeaders.ts';

/** Name of the cookie that carries a plain form's sign-up to the page that shows its success (docs/newsletter.md#plain-form). */
export const SIGNED_UP_COOKIE = 'newsletter_signed_up';

/** How long the success page can be shown again (a reload) after a plain form's sign-up (docs/constants.md#timings). */
export const SIGNED_UP_COOKIE_MAX_AGE_SECONDS = 10 * 60;

/** What the cookie holds: the address, the shop, and the page and section to show the success message in. */
const signedUpSchema = v.object({
  email: v.string(),
  segment: v.string(),
  page: v.string(),
  placement: v.picklist(signUpPlacements),
  /** Expiry, ms since the epoch; the cookie's own Max-Age is not to be trusted on its own. */
  until: v.number(),
});
export type SignedUp = Omit<v.InferOutput<typeof signedUpSchema>, 'until'>;

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/**
 * The sign-up's success, kept for the redirect that follows the post (Post/Redirect/Get) in an HttpOnly cookie, signed,
 * scoped to the sign-up path and short-lived: the address never appears in a URL, and a reload shows the same success
 * without signing up again.
 */
export function setSignedUpCookie(
  c: Context,
  secret: string,
  path: string,
  signedUp: SignedUp,
  now = Date.now(),
): void {
  const payload = Buffer.from(
    JSON.stringify({ ...signedUp, until: now + SIGNED_UP_COOKIE_MAX_AGE_SECONDS * 1000 }),
  ).toString('base64url');
  const value = `${payload}.${signature(secret, payload).toString('base64url')}`;
  // Secure on https (the path scope rules out the `__Host-` prefix, which needs `Path=/`).
  setCookie(c, SIGNED_UP_COOKIE, value, {
    path,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: SIGNED_UP_COOKIE_MAX_AGE_SECONDS,
    secure: sessionCookiePrefix(c) === 'host',
  });
}

/** The sign-up the request's cookie carries, if it is genuine, unexpired and of this shop; undefined otherwise. */
export function readSignedUpCookie(
  c: Context,
  secret: string,
  segment: string,
  now = Date.now(),
): SignedUp | undefined {
  const value = getCookie(c, SIGNED_UP_COOKIE) ?? '';
  const [payload, mac, ...rest] = value.split('.');
  if (!payload || !mac || rest.length > 0) return undefined;
  const expected = signature(secret, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const result = v.safeParse(signedUpSchema, parsed);
  if (!result.success || result.output.until < now || result.output.segment !== segment) return undefined;
  const { until: _until, ...signedUp } = result.output;
  return signedUp;
}
