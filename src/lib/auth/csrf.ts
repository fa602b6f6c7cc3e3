/** Cookie the services set with a random token; pages echo it in `CSRF_HEADER` on state-changing calls. */
export const CSRF_COOKIE = 'csrf_token';
/** Request header carrying the CSRF token (double-submit cookie). */
export const CSRF_HEADER = 'x-csrf-token';

/** The value of one cookie from a `document.cookie`-style string. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Headers for a call that must carry the CSRF token; empty when the page has none yet. */
export function csrfHeaders(cookies: string = globalThis.document?.cookie ?? ''): Record<string, string> {
  const token = readCookie(cookies, CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}
