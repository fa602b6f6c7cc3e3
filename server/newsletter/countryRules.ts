import { createHash } from 'node:crypto';
import { shopByCode, shopBySegment, shops, type Shop } from '../../src/shared/countries.ts';
import { consentTexts } from '../../src/shared/newsletter/consentTexts.ts';
import {
  emptyFormValues,
  validateNewsletterForm,
  type NewsletterFieldErrors,
  type NewsletterFormValues,
} from '../../src/shared/newsletter/formSchema.ts';
import type { SubscriberCreateRequest } from '../../src/shared/newsletter/subscriberSchema.ts';

/** The shop a `site` header names (`CH_FR`), undefined when there is none, or null when it names no shop. */
export function shopOfSiteHeader(site: string | undefined): Shop | undefined | null {
  if (site === undefined) return undefined;
  return shopByCode(site) ?? null;
}

/**
 * The shop a sign-up came from when the call has no `site` header, read from the page that sent it
 * (`Referer: …/{segment}/…`; docs/calls.md#create-subscriber): the confirmation link must lead back to the same shop
 * and language. The referer's origin is not checked: cross-site calls are refused before this (see server/edge/), and
 * a program calling directly can choose its referer as freely as its site header.
 */
export function shopOfReferer(referer: string | undefined): Shop {
  try {
    const url = new URL(referer ?? '');
    const shop = shopBySegment(url.pathname.split('/')[1] ?? '');
    if (shop) return shop;
  } catch {
    // No or a malformed referer: the default shop.
  }
  return shops[0]!;
}

/**
 * The form's values for a create request: each field the form holds under the request's name (`email` is the form's
 * honeypot and stays empty; the address goes to `newsletterEmail`), empty when the request leaves it out.
 */
function formValuesOf(request: SubscriberCreateRequest): NewsletterFormValues {
  const values: Record<string, unknown> = emptyFormValues();
  for (const [name, value] of Object.entries(request)) {
    if (name !== 'email' && value !== undefined && Object.hasOwn(values, name)) values[name] = value;
  }
  return values as NewsletterFormValues;
}

/**
 * The shop's own rules over a create request, with the very schema the form uses (TR commercial consent, HU and TR
 * names, HU salutation): field errors keyed as in the request (`email`, `legals`, …), or undefined when it passes.
 */
export function countryRuleErrors(shop: Shop, request: SubscriberCreateRequest): Record<string, string[]> | undefined {
  const checked = validateNewsletterForm(shop.newsletter, { ...formValuesOf(request), newsletterEmail: request.email });
  if (checked.success) return undefined;
  const errors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(checked.errors) as [keyof NewsletterFieldErrors, string][]) {
    errors[field === 'newsletterEmail' ? 'email' : field] = [message];
  }
  return errors;
}

/** Hex digits of the SHA-256 a consent text version keeps (docs/constants.md#sizes). */
export const CONSENT_TEXT_VERSION_DIGITS = 16;

/**
 * The version of the consent text a shop's form shows: `sha256:` and the first 16 hex digits of the SHA-256 of the
 * legal notice, both consents and the privacy hint as the shopper read them (`consentTexts`: the shop's language, its
 * minimum age and trade name filled in), from the catalogue and country table the service runs with. Pages and service
 * are built from the same sources, so the version names exactly the wording the shopper saw as long as both are
 * deployed together; any change of wording or of the trade name gives a new version. See
 * docs/newsletter.md#consent-evidence.
 */
export function consentTextVersion(shop: Shop): string {
  const text = JSON.stringify(consentTexts(shop));
  return `sha256:${createHash('sha256').update(text).digest('hex').slice(0, CONSENT_TEXT_VERSION_DIGITS)}`;
}
