import { createHash, randomBytes } from 'node:crypto';
import { UNCONFIRMED_SIGN_UP_DAYS } from '../../src/shared/newsletter/subscriptionPeriods.ts';

/**
 * How long a confirmation link stays valid: unconfirmed sign-ups are deleted after `UNCONFIRMED_SIGN_UP_DAYS`, the
 * days the TR legal text promises (docs/newsletter.md#double-opt-in).
 */
export const DOI_TOKEN_LIFETIME_MS = UNCONFIRMED_SIGN_UP_DAYS * 24 * 60 * 60 * 1000;

/** Random bytes of a confirmation token (docs/constants.md#sizes). */
export const DOI_TOKEN_BYTES = 32;

/** A fresh confirmation token: `DOI_TOKEN_BYTES` random bytes, base64url (43 URL-safe characters for 32 bytes). */
export function newDoiToken(): string {
  return randomBytes(DOI_TOKEN_BYTES).toString('base64url');
}

/** What the database keeps instead of the token, so a leaked database holds no working links. */
export function hashDoiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
