import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { LOGIN_COOKIE, LOGIN_TOKEN_HEADER } from '../../src/shared/auth/loginToken.ts';
import { loginRequestSchema } from '../../src/shared/preview/schemas.ts';
import { requireCsrf } from '../edge/csrf.ts';
import { signLoginToken, verifyLoginToken } from './loginToken.ts';
import { loginThrottle, type LoginThrottleOptions } from '../throttle/loginThrottle.ts';
import { hashGate, type HashGate } from '../throttle/hashGate.ts';
import { configuredAccounts, authenticate, SCRYPT_COST, unknownAccount } from '../preview/staffAccounts.ts';
import type { PreviewSessions } from '../preview/sessions.ts';
import { problem, readJson } from '../problem.ts';
import type { ServerConfig } from '../../src/shared/config.ts';
import { serverSecret } from '../secrets.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { services } from '../../src/shared/routes.ts';
import { customerIdOf } from '../newsletter/loginCustomer.ts';

/** HttpOnly cookie with the shopper's long-term ("stay logged in") token, traded for a fresh login token. */
const LONG_TERM_COOKIE = 'long_term_token';
/** How long the long-term token stays valid (docs/constants.md#timings). */
export const LONG_TERM_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What tests may change: a lower scrypt cost (never lowered by default), the throttle's limits and the hash gate. */
export interface LoginRouteOptions {
  scryptCost?: number;
  throttle?: LoginThrottleOptions;
  /** Caps the password hashes running at once; one with `LOGIN_HASH_CONCURRENCY` slots by default. */
  hashes?: HashGate;
}

/** Seconds a login refused for want of a hash slot is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Stand-in for `/service/login/api/v1`: staff and demo-shopper login, login-token renewal (201 a new token,
 * 200 the token is current already, 401 unknown or expired) and long-term-token renewal. POSTs need the CSRF header.
 */
export function loginRoutes(
  shared: SharedDatabase,
  sessions: PreviewSessions,
  config: ServerConfig,
  options: LoginRouteOptions = {},
): Hono {
  const app = new Hono();
  const cost = options.scryptCost ?? SCRYPT_COST;
  const { staff, shopper } = configuredAccounts(config.accounts, cost);
  const nobody = unknownAccount(cost);
  const throttle = loginThrottle(shared, options.throttle);
  const hashes = options.hashes ?? hashGate();
  const times = config.loginToken;
  // Read once at start: a token check must not write to the database (see docs/calls.md).
  const loginSecret = serverSecret(shared, 'loginToken', config.secrets.LOGIN_TOKEN_SECRET);
  const longTermSecret = serverSecret(shared, 'longTermToken', config.secrets.LONG_TERM_TOKEN_SECRET);

  function issueLoginToken(c: Context, lid: string): { exp: number; ren: number } {
    const now = nowSeconds();
    const claims = { lid, exp: now + times.ttl, ren: now + times.renewAfter };
    // Readable by the page on purpose: it schedules renewal from exp/ren and sends the token as a header.
    setCookie(c, LOGIN_COOKIE, signLoginToken(claims, loginSecret), { path: '/', sameSite: 'Lax', maxAge: times.ttl });
    return { exp: claims.exp, ren: claims.ren };
  }

  function issueLongTermToken(c: Context, lid: string): void {
    const now = nowSeconds();
    const token = signLoginToken({ lid, exp: now + LONG_TERM_TOKEN_TTL_SECONDS, ren: now }, longTermSecret);
    setCookie(c, LONG_TERM_COOKIE, token, {
      path: '/service/login/',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: LONG_TERM_TOKEN_TTL_SECONDS,
    });
  }

  app.use('*', requireCsrf());

  app.post(services.login.calls.login.path, async (c) => {
    const body = v.safeParse(loginRequestSchema, await readJson(c));
    if (!body.success) return c.json({ status: 'UNAUTHORIZED' }, 400);
    const { username, password } = body.output;
    // Checked and counted before any hashing, in one step, with one answer for every name: a blocked guesser learns
    // nothing and costs nothing, and parallel guesses cannot all pass the check before the first one is counted.
    const reservation = await throttle.reserve(c, username);
    if (!reservation.granted) {
      c.header('retry-after', String(reservation.retryAfter));
      return problem(c, 429, 'urn:login:throttled', 'Too many login attempts; please wait and try again');
    }
    const checked = hashes.run(() => authenticate([staff, shopper], nobody, username, password));
    if (!checked) {
      await throttle.unchecked(reservation);
      c.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      return problem(c, 503, 'urn:login:busy', 'Too many logins at once; please try again in a moment');
    }
    const account = await checked;
    if (!account) return c.json({ status: 'UNAUTHORIZED' }, 401);
    await throttle.succeeded(username, reservation);
    if (account === staff) {
      await sessions.start(c, staff.username);
      return c.json({ status: 'SUCCESS', role: 'STAFF' });
    }
    const lid = await customerIdOf(shared, username);
    if (!lid) return c.json({ status: 'SERVICE_UNAVAILABLE' }, 503);
    issueLoginToken(c, lid);
    issueLongTermToken(c, lid);
    return c.json({ status: 'SUCCESS', role: 'SHOPPER' });
  });

  app.post(services.login.calls.renewLoginToken.path, (c) => {
    const token = c.req.header(LOGIN_TOKEN_HEADER) ?? getCookie(c, LOGIN_COOKIE);
    const claims = verifyLoginToken(token, loginSecret);
    const now = nowSeconds();
    if (!claims) return problem(c, 401, 'urn:login:token_unknown', 'Unknown or missing login token');
    if (now >= claims.exp) return problem(c, 401, 'urn:login:token_expired', 'The login token has expired');
    // Not due yet, e.g. another tab renewed it a moment ago: the token the caller has is current.
    if (now < claims.ren) return c.json({ exp: claims.exp, ren: claims.ren }, 200);
    return c.json(issueLoginToken(c, claims.lid), 201);
  });

  app.post(services.login.calls.renewLongTermToken.path, (c) => {
    const claims = verifyLoginToken(getCookie(c, LONG_TERM_COOKIE), longTermSecret);
    if (!claims || nowSeconds() >= claims.exp) {
      return problem(c, 401, 'urn:login:long_term_token_unknown', 'Unknown, missing or expired long-term token');
    }
    issueLongTermToken(c, claims.lid);
    return c.json(issueLoginToken(c, claims.lid), 201);
  });

  return app;
}
