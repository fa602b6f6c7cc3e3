import * as v from 'valibot';

/** Name of the shopper's login cookie; its value is the login token the pages send as `LOGIN_TOKEN_HEADER`. */
export const LOGIN_COOKIE = 'login_token';
/** Request header that carries the login token (docs/calls.md#customer-base-data). */
export const LOGIN_TOKEN_HEADER = 'x-login-token';

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

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a token of the form `header.payload.signature` (base64url JSON payload) without checking
 * the signature: the browser only needs the times to schedule renewal; the service checks signatures.
 */
export function readLoginTokenClaims(token: string | undefined): LoginTokenClaims | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const result = v.safeParse(loginTokenClaimsSchema, JSON.parse(decodeBase64Url(payload)));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}
