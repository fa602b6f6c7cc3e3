import type { Shop } from '../countries.ts';
import { translationsFor } from '../i18n.ts';
import { consentTextKeys } from './consentTextKeys.ts';
import { subscriptionPeriodValues } from './subscriptionPeriods.ts';

/** The consent texts of one shop, keyed like the catalogue. */
export type ConsentTexts = Readonly<Record<(typeof consentTextKeys)[number], string>>;

/**
 * The consent texts exactly as the shop's form shows them: in the shop's language, with its minimum age
 * (`{{age}}`) and its trade name (`{{tradeName}}`, the commercial-message sender and the data controller) filled in
 * from the country table, and the periods the TR notice names (`{{unconfirmedDays}}`, `{{unopenedYears}}`) from
 * `subscriptionPeriods.ts`. The form shows these and the service hashes these into the consent-text version, so the
 * stored version names the wording the shopper read (docs/newsletter.md#consent-evidence).
 */
export function consentTexts(shop: Shop): ConsentTexts {
  const t = translationsFor(shop.locale);
  const values = { age: shop.newsletter.minimumAge, tradeName: shop.tradeName, ...subscriptionPeriodValues };
  return Object.fromEntries(consentTextKeys.map((key) => [key, t(key, values)])) as ConsentTexts;
}
