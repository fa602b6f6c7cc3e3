import { createHmac, timingSafeEqual } from 'node:crypto';
import { readLoginTokenClaims, type LoginTokenClaims } from '../../src/shared/auth/loginToken.ts';

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** A signed login token (`header.payload.signature`, HMAC-SHA256) carrying lid, exp and ren. */
export function signLoginToken(claims: LoginTokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${header}.${payload}.${sign(`${header}.${payload}`, secret)}`;
}

/** The claims of a token whose signature is valid, or undefined. Expiry is the caller's decision. */
export function verifyLoginToken(token: string | undefined, secret: string): LoginTokenClaims | undefined {
  const [head, payload, signature] = token?.split('.') ?? [];
  if (!head || !payload || !signature) return undefined;
  const expected = Buffer.from(sign(`${head}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return readLoginTokenClaims(token);
}
