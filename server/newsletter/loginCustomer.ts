import { sql } from 'kysely';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LOGIN_COOKIE, LOGIN_TOKEN_HEADER } from '../../src/shared/auth/loginToken.ts';
import { verifyLoginToken } from '../login/loginToken.ts';
import type { Subscriber } from '../../src/shared/newsletter/subscriberSchema.ts';
import { rowsOfSql } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';

/** A row of the `customers` table, its salutation narrowed to a subscriber's. */
export type CustomerRow = Omit<SharedTables['customers'], 'salutation'> & { salutation: Subscriber['salutation'] };

/**
 * The customer whose valid, unexpired login token the request carries (header `x-login-token`, else the login
 * cookie), or undefined. `secret` is the one the login service signs with ('loginToken').
 */
export async function loginCustomer(
  c: Context,
  database: SharedDatabase,
  secret: string,
): Promise<CustomerRow | undefined> {
  const token = c.req.header(LOGIN_TOKEN_HEADER) ?? getCookie(c, LOGIN_COOKIE);
  const claims = verifyLoginToken(token, secret);
  if (!claims || claims.exp <= Math.floor(Date.now() / 1000)) return undefined;
  const rows = await database.run((db) =>
    rowsOfSql(
      db,
      sql<CustomerRow>`SELECT lid, email, salutation, first_name, last_name, consents FROM customers
        WHERE lid = ${claims.lid}`,
    ),
  );
  return rows[0];
}

/** The login id of the customer with this address (any case), or undefined. */
export async function customerIdOf(database: SharedDatabase, email: string): Promise<string | undefined> {
  const rows = await database.run((db) =>
    rowsOfSql(db, sql<{ lid: string }>`SELECT lid FROM customers WHERE lower(email) = lower(${email})`),
  );
  return rows[0]?.lid;
}
