import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/** HttpOnly cookie holding the staff session id (only its SHA-256 is stored). */
export const SESSION_COOKIE = 'preview_session';
/**
 * Readable marker cookie with the name pages look for (docs/preview.md#staff-session), value `1`: it tells the page's
 * bootstrap that a staff session may exist (so anonymous shoppers make no preview request) without exposing the session
 * id to scripts.
 */
export const STAFF_MARKER_COOKIE = 'StaffAuthToken';
/** A session lives this long after login or its last renewal; the panel renews every 300000 ms. */
export const SESSION_TTL_MS = 15 * 60 * 1000;

/** The preview state stored per staff session. */
export interface PreviewSession {
  username: string;
  expiresAt: number;
  previewDateTime: string | null;
  abTestName: string | null;
  abTestGroup: string | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const cookieOptions = { path: '/', sameSite: 'Strict', secure: false } as const;

/** Staff sessions in SQLite. */
export function previewSessions(db: DatabaseSync) {
  const insert = db.prepare('INSERT INTO preview_sessions (token_hash, username, expires_at) VALUES (?, ?, ?)');
  const select = db.prepare(
    `SELECT username, expires_at AS expiresAt, preview_date_time AS previewDateTime, ab_test_name AS abTestName,
            ab_test_group AS abTestGroup FROM preview_sessions WHERE token_hash = ? AND expires_at > ?`,
  );
  const extend = db.prepare('UPDATE preview_sessions SET expires_at = ? WHERE token_hash = ? AND expires_at > ?');
  const update = db.prepare(
    'UPDATE preview_sessions SET preview_date_time = ?, ab_test_name = ?, ab_test_group = ? WHERE token_hash = ?',
  );
  const remove = db.prepare('DELETE FROM preview_sessions WHERE token_hash = ? OR expires_at <= ?');

  const tokenOf = (c: Context) => getCookie(c, SESSION_COOKIE);

  return {
    /** Starts a session for `username` and sets the session and marker cookies. */
    start(c: Context, username: string): void {
      const token = randomBytes(32).toString('base64url');
      insert.run(hashOf(token), username, Date.now() + SESSION_TTL_MS);
      setCookie(c, SESSION_COOKIE, token, { ...cookieOptions, httpOnly: true });
      setCookie(c, STAFF_MARKER_COOKIE, '1', cookieOptions);
    },
    /** The caller's live session, or undefined. */
    current(c: Context): PreviewSession | undefined {
      const token = tokenOf(c);
      return token ? (select.get(hashOf(token), Date.now()) as PreviewSession | undefined) : undefined;
    },
    /** Pushes the expiry of a live session forward; false when there is none. */
    renew(c: Context): boolean {
      const token = tokenOf(c);
      return Boolean(token) && extend.run(Date.now() + SESSION_TTL_MS, hashOf(token!), Date.now()).changes > 0;
    },
    /** Stores the preview date-time and A/B selection of the caller's session. */
    setPreview(c: Context, state: Pick<PreviewSession, 'previewDateTime' | 'abTestName' | 'abTestGroup'>): void {
      update.run(state.previewDateTime, state.abTestName, state.abTestGroup, hashOf(tokenOf(c) ?? ''));
    },
    /** Ends the caller's session (and sweeps expired ones) and clears both cookies. */
    end(c: Context): void {
      remove.run(hashOf(tokenOf(c) ?? ''), Date.now());
      deleteCookie(c, SESSION_COOKIE, cookieOptions);
      deleteCookie(c, STAFF_MARKER_COOKIE, cookieOptions);
    },
  };
}

export type PreviewSessions = ReturnType<typeof previewSessions>;
