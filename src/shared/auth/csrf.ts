import { readCookie } from '../cookies.ts';

/**
 * Cookie the services set with a random token; pages echo it in `CSRF_HEADER` on state-changing calls.
 * On https it is called `__Host-csrf_token` (`CSRF_COOKIE_ON_HTTPS`).
 */
export const CSRF_COOKIE = 'csrf_token';
const CSRF_COOKIE_ON_HTTPS = `__Host-${CSRF_COOKIE}`;
/** Request header carrying the CSRF token (double-submit cookie). */
export const CSRF_HEADER = 'x-csrf-token';

/** Headers for a call that must carry the CSRF token; empty when the page has none yet. */
export function csrfHeaders(cookies: string = globalThis.document?.cookie ?? ''): Record<string, string> {
  const token = readCookie(cookies, CSRF_COOKIE_ON_HTTPS) ?? readCookie(cookies, CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}
