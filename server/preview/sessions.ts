import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionCookiePrefix } from '../edge/securityHeaders.ts';
import { STAFF_MARKER_COOKIE } from '../../src/shared/auth/staffCookie.ts';

/** HttpOnly cookie holding the staff session id (only its SHA-256 is stored); `__Host-preview_session` on https. */
export const SESSION_COOKIE = 'preview_session';
/** A session lives this long after login or its last renewal; the panel renews every 300000 ms. */
export const SESSION_TTL_MS = 15 * 60 * 1000;
/** No renewal extends a session past this long after its login (see docs/preview.md). */
export const SESSION_MAX_LIFETIME_MS = 8 * 3600 * 1000;

/** The preview state stored per staff session. */
export interface PreviewSession {
  username: string;
  expiresAt: number;
  previewDateTime: string | null;
  abTestName: string | null;
  abTestGroup: string | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** Both cookies: `Secure` on https; the session cookie also gets the `__Host-` prefix there. */
function cookieOptions(c: Context) {
  const prefix = sessionCookiePrefix(c);
  return {
    session: { path: '/', sameSite: 'Strict', prefix },
    marker: { path: '/', sameSite: 'Strict', secure: prefix !== undefined },
  } as const;
}

/** Staff sessions in SQLite. */
export function previewSessions(db: DatabaseSync) {
  const insert = db.prepare(
    'INSERT INTO preview_sessions (token_hash, username, expires_at, started_at) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare(
    `SELECT username, expires_at AS expiresAt, preview_date_time AS previewDateTime, ab_test_name AS abTestName,
            ab_test_group AS abTestGroup FROM preview_sessions WHERE token_hash = ? AND expires_at > ?`,
  );
  const extend = db.prepare(
    'UPDATE preview_sessions SET expires_at = min(?, started_at + ?) WHERE token_hash = ? AND expires_at > ?',
  );
  const update = db.prepare(
    'UPDATE preview_sessions SET preview_date_time = ?, ab_test_name = ?, ab_test_group = ? WHERE token_hash = ?',
  );
  const remove = db.prepare('DELETE FROM preview_sessions WHERE token_hash = ? OR expires_at <= ?');

  const tokenOf = (c: Context) => getCookie(c, SESSION_COOKIE, sessionCookiePrefix(c));

  return {
    /** Starts a session for `username` and sets the session and marker cookies. */
    start(c: Context, username: string): void {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      insert.run(hashOf(token), username, now + SESSION_TTL_MS, now);
      const options = cookieOptions(c);
      setCookie(c, SESSION_COOKIE, token, { ...options.session, httpOnly: true });
      setCookie(c, STAFF_MARKER_COOKIE, '1', options.marker);
    },
    /** The caller's live session, or undefined. */
    current(c: Context): PreviewSession | undefined {
      const token = tokenOf(c);
      return token ? (select.get(hashOf(token), Date.now()) as PreviewSession | undefined) : undefined;
    },
    /** Pushes the expiry of a live session forward, never past its absolute end; false when there is none. */
    renew(c: Context): boolean {
      const token = tokenOf(c);
      const now = Date.now();
      return (
        Boolean(token) && extend.run(now + SESSION_TTL_MS, SESSION_MAX_LIFETIME_MS, hashOf(token!), now).changes > 0
      );
    },
    /** Stores the preview date-time and A/B selection of the caller's session. */
    setPreview(c: Context, state: Pick<PreviewSession, 'previewDateTime' | 'abTestName' | 'abTestGroup'>): void {
      update.run(state.previewDateTime, state.abTestName, state.abTestGroup, hashOf(tokenOf(c) ?? ''));
    },
    /** Ends the caller's session (and sweeps expired ones) and clears both cookies. */
    end(c: Context): void {
      remove.run(hashOf(tokenOf(c) ?? ''), Date.now());
      const options = cookieOptions(c);
      deleteCookie(c, SESSION_COOKIE, options.session);
      deleteCookie(c, STAFF_MARKER_COOKIE, options.marker);
    },
  };
}

export type PreviewSessions = ReturnType<typeof previewSessions>;
