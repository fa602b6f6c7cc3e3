import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionCookiePrefix } from '../edge/securityHeaders.ts';
import { STAFF_MARKER_COOKIE } from '../../src/shared/auth/staffCookie.ts';
import { rowsOf } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';

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

/**
 * Staff sessions in the shared database (docs/preview.md), so a login on one instance previews on every other one
 * (docs/operations.md#several-instances).
 */
export function previewSessions(shared: SharedDatabase) {
  const tokenOf = (c: Context) => getCookie(c, SESSION_COOKIE, sessionCookiePrefix(c));
  return {
    /** Starts a session for `username` and sets the session and marker cookies. */
    async start(c: Context, username: string): Promise<void> {
      await shared.ready();
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await shared.run(function* (db) {
        yield db
          .insertInto('preview_sessions')
          .values({ token_hash: hashOf(token), username, expires_at: now + SESSION_TTL_MS, started_at: now })
          .compile();
      });
      const options = cookieOptions(c);
      setCookie(c, SESSION_COOKIE, token, { ...options.session, httpOnly: true });
      setCookie(c, STAFF_MARKER_COOKIE, '1', options.marker);
    },
    /** The caller's live session, or undefined. */
    async current(c: Context): Promise<PreviewSession | undefined> {
      const token = tokenOf(c);
      if (!token) return undefined;
      await shared.ready();
      const [row] = await shared.run(function* (db) {
        return yield* rowsOf(
          db
            .selectFrom('preview_sessions')
            .select(['username', 'expires_at', 'preview_date_time', 'ab_test_name', 'ab_test_group'])
            .where('token_hash', '=', hashOf(token))
            .where('expires_at', '>', Date.now()),
        );
      });
      return row
        ? {
            username: row.username,
            expiresAt: Number(row.expires_at),
            previewDateTime: row.preview_date_time,
            abTestName: row.ab_test_name,
            abTestGroup: row.ab_test_group,
          }
        : undefined;
    },
    /** Pushes the expiry of a live session forward, never past its absolute end; false when there is none. */
    async renew(c: Context): Promise<boolean> {
      const token = tokenOf(c);
      if (!token) return false;
      await shared.ready();
      const now = Date.now();
      const renewed = await shared.run(function* (db) {
        return yield* rowsOf(
          db
            .updateTable('preview_sessions')
            .set({
              expires_at: sql<number>`CASE WHEN ${now + SESSION_TTL_MS} < started_at + ${SESSION_MAX_LIFETIME_MS}
                THEN ${now + SESSION_TTL_MS} ELSE started_at + ${SESSION_MAX_LIFETIME_MS} END`,
            })
            .where('token_hash', '=', hashOf(token))
            .where('expires_at', '>', now)
            .returning('token_hash'),
        );
      });
      return renewed.length > 0;
    },
    /** Stores the preview date-time and A/B selection of the caller's session. */
    async setPreview(
      c: Context,
      state: Pick<PreviewSession, 'previewDateTime' | 'abTestName' | 'abTestGroup'>,
    ): Promise<void> {
      await shared.ready();
      await shared.run(function* (db) {
        yield db
          .updateTable('preview_sessions')
          .set({
            preview_date_time: state.previewDateTime,
            ab_test_name: state.abTestName,
            ab_test_group: state.abTestGroup,
          })
          .where('token_hash', '=', hashOf(tokenOf(c) ?? ''))
          .compile();
      });
    },
    /** Ends the caller's session (and sweeps expired ones) and clears both cookies. */
    async end(c: Context): Promise<void> {
      await shared.ready();
      await shared.run(function* (db) {
        yield db
          .deleteFrom('preview_sessions')
          .where((row) =>
            row.or([row('token_hash', '=', hashOf(tokenOf(c) ?? '')), row('expires_at', '<=', Date.now())]),
          )
          .compile();
      });
      const options = cookieOptions(c);
      deleteCookie(c, SESSION_COOKIE, options.session);
      deleteCookie(c, STAFF_MARKER_COOKIE, options.marker);
    },
  };
}

export type PreviewSessions = ReturnType<typeof previewSessions>;
