import type { Shop } from '../../shared/countries.ts';
import type { UiStringKey } from '../../shared/i18n.ts';

/**
 * The shop's link targets shown under the sign-up form, in this order, with their catalogue keys. Absent ones are
 * skipped. The stand-in pages (docs/footer.md#stand-in-pages) take their titles from the same keys.
 */
export const linkKeys = {
  privacy: 'newsletter.link.privacy',
  contact: 'newsletter.link.contact',
  exampleNewsletter: 'newsletter.link.exampleNewsletter',
  generalTerms: 'newsletter.link.generalTerms',
  newsletterInfo: 'newsletter.link.newsletterInfo',
  commercialMessageConsent: 'newsletter.link.commercialMessageConsent',
  personalMarketingConsent: 'newsletter.link.personalMarketingConsent',
  privacyNotice: 'newsletter.link.privacyNotice',
  voucherConditions: 'newsletter.link.voucherConditions',
} as const satisfies Partial<Record<keyof Shop['links'], UiStringKey>>;
