import { hasCookie } from '../cookies.ts';

/**
 * Readable marker cookie, value `1`, that the local stand-in's login sets next to its HttpOnly session cookie: it
 * tells the page's bootstrap that a staff session may exist without exposing the session id to scripts
 * (docs/preview.md#staff-session).
 */
export const STAFF_MARKER_COOKIE = 'StaffAuthToken';

/** Cookies that say "maybe staff": the local stand-in's marker, or the real SSO's token (docs/preview.md#staff-session). */
const STAFF_COOKIE_NAMES = [STAFF_MARKER_COOKIE, 'CobraAuthToken'] as const;

/** True when one of the staff cookies is present (by name; its value means nothing to the page). */
export function hasStaffCookie(cookies: string): boolean {
  return STAFF_COOKIE_NAMES.some((name) => hasCookie(cookies, name));
}
