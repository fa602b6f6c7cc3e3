import { hasCookie } from '../../shared/cookies.ts';

/**
 * Cookies that say "maybe staff": the local stand-in's readable marker, or the real SSO's token
 * (docs/preview.md#staff-session).
 */
const STAFF_COOKIE_NAMES = ['StaffAuthToken', 'CobraAuthToken'] as const;

/** True when one of the staff cookies is present (by name; its value means nothing to the page). */
export function hasStaffCookie(cookies: string): boolean {
  return STAFF_COOKIE_NAMES.some((name) => hasCookie(cookies, name));
}
