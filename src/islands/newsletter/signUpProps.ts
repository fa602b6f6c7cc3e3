import type { Shop } from '../../shared/countries.ts';
import { pickStrings, translationsFor } from '../../shared/i18n.ts';
import { linkKeys } from '../../lib/newsletter/signUpLinks.ts';
import { shopHref } from '../../lib/retailerLinks.ts';
import { consentTexts } from '../../shared/newsletter/consentTexts.ts';
import { NAME_MAX_LENGTH } from '../../shared/newsletter/subscriberSchema.ts';
import { signUpFormPath } from '../../shared/newsletter/pagePaths.ts';
import type { SignUpLink } from './LegalNotice.tsx';
import { signUpStringKeys, type SignUpStrings } from './signUpStrings.ts';

/** The links under the form (voucher conditions apart, which the voucher line links). */
const { voucherConditions: voucherConditionsKey, ...listedLinkKeys } = linkKeys;

/**
 * Pictures of the section (docs/newsletter.md#pictures), each shown from `fromWidth` px of viewport width: `{token}.jpg`
 * on wide screens, `{hash}.jpg` below (also the fallback `<img>`).
 */
export const signUpPictures = {
  token: { src: '/newsletter/fb9028177b1b.jpg', width: 560, height: 420, fromWidth: 1024 },
  hash: { src: '/newsletter/11674a08b5bd.jpg', width: 720, height: 240, fromWidth: 767 },
} as const;

/** Everything the sign-up island needs for one shop, resolved at build time (no i18n runtime in the browser). */
export function signUpProps(shop: Shop): {
  strings: SignUpStrings;
  rules: Shop['newsletter'];
  links: SignUpLink[];
  voucherConditions: SignUpLink;
  percent: number;
  formAction: string;
  page: string;
} {
  const t = translationsFor(shop.locale);
  // Link targets are pages of the retailer's site under the shop's segment, on RETAILER_ORIGIN when it is set.
  const href = (path: string) => shopHref(shop, path);
  const links = Object.entries(listedLinkKeys).flatMap(([name, key]) => {
    const path = shop.links[name as keyof typeof listedLinkKeys];
    return path ? [{ href: href(path), text: t(key) }] : [];
  });
  return {
    // The consent texts with the shop's age and trade name filled in: the very wording the service hashes.
    // The name limit comes from the schema the service checks with, never from the catalogue.
    strings: {
      ...pickStrings(shop.locale, signUpStringKeys),
      ...consentTexts(shop),
      'newsletter.error.nameTooLong': t('newsletter.error.nameTooLong', { max: NAME_MAX_LENGTH }),
      // The voucher's validity (HU: `{{months}}`) from the country table; the island fills in the percentage.
      'newsletter.voucherFootnote': t('newsletter.voucherFootnote', {
        months: shop.welcomeVoucher.validMonths ?? '',
        percent: '{{percent}}',
      }),
    },
    rules: shop.newsletter,
    links,
    voucherConditions: { href: href(shop.links.voucherConditions), text: t(voucherConditionsKey) },
    // The welcome voucher (TR: welcome discount) the shop's mail sends (docs/constants.md#limits).
    percent: shop.welcomeVoucher.percent,
    // The plain form's endpoint (docs/newsletter.md#plain-form), and the page an answer is shown on unless the section
    // names its own.
    formAction: signUpFormPath(shop),
    page: `/${shop.segment}/`,
  };
}
