import type { UiStringKey } from '../i18n.ts';

/**
 * Catalogue keys of what a shopper agrees to when signing up: the legal notice, both consents and the privacy hint.
 * A module of its own, without the i18n runtime, because the sign-up island's code names these keys too.
 */
export const consentTextKeys = [
  'newsletter.legal.notice',
  'newsletter.consent.dne',
  'newsletter.consent.commercial',
  'newsletter.privacyHint',
] as const satisfies readonly UiStringKey[];
