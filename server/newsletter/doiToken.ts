import { createHash, randomBytes } from 'node:crypto';

/**
 * How long a confirmation link stays valid: unconfirmed sign-ups are deleted after 14 days (TR legal text;
 * docs/newsletter.md#double-opt-in).
 */
export const DOI_TOKEN_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** A fresh confirmation token: 32 random bytes, 43 URL-safe characters. */
export function newDoiToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token, so a leaked database holds no working links. */
export function hashDoiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
