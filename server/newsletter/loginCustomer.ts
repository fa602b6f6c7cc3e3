import type { DatabaseSync } from 'node:sqlite';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOGIN_COOKIE, LOGIN_TOKEN_HEADER } from '../../src/shared/auth/loginToken.ts';
import { verifyLoginToken } from '../login/loginToken.ts';
import type { Subscriber } from '../../src/shared/newsletter/subscriberSchema.ts';

/** A row of the `customers` table. */
export interface CustomerRow {
  lid: string;
  email: string;
  salutation: Subscriber['salutation'];
  first_name: string | null;
  last_name: string | null;
  consents: string;
}

/**
 * The customer whose valid, unexpired login token the request carries (header `x-login-token`, else the login
 * cookie), or undefined. `secret` is the one the login service signs with ('loginToken').
 */
export function loginCustomer(c: Context, db: DatabaseSync, secret: string): CustomerRow | undefined {
  const token = c.req.header(LOGIN_TOKEN_HEADER) ?? getCookie(c, LOGIN_COOKIE);
  const claims = verifyLoginToken(token, secret);
  if (!claims || claims.exp <= Math.floor(Date.now() / 1000)) return undefined;
  return db
    .prepare('SELECT lid, email, salutation, first_name, last_name, consents FROM customers WHERE lid = ?')
    .get(claims.lid) as CustomerRow | undefined;
}
