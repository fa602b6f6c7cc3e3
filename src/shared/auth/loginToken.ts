import * as v from 'valibot';
import { readTokenPayload } from './tokenPayload.ts';

// The services import the names from here too; browser code imports them from loginCookie.ts, which has no schema.
export { LOGIN_COOKIE, LOGIN_TOKEN_HEADER } from './loginCookie.ts';

/** What a login token says about itself (docs/preview.md#login-token). Times are seconds since the epoch. */
const loginTokenClaimsSchema = v.object({
  /** Login id: whose login this is. */
  lid: v.pipe(v.string(), v.nonEmpty()),
  /** Expiry: after this the token is worthless. */
  exp: v.pipe(v.number(), v.integer()),
  /** Renew-after: from this moment the token may be renewed. */
  ren: v.pipe(v.number(), v.integer()),
});

export type LoginTokenClaims = v.InferOutput<typeof loginTokenClaimsSchema>;

/**
 * Reads the claims of a token of the form `header.payload.signature` (base64url JSON payload) without checking the
 * signature; the services check signatures (server/login/loginToken.ts). The browser reads the same claims with a few
 * plain checks instead (src/lib/auth/loginTokenTimes.ts), so that no schema library loads before the first
 * interaction.
 */
export function readLoginTokenClaims(token: string | undefined): LoginTokenClaims | undefined {
  const result = v.safeParse(loginTokenClaimsSchema, readTokenPayload(token));
  return result.success ? result.output : undefined;
}
