import type { Shop } from '../../shared/countries.ts';
import type { Translate } from '../../shared/i18n.ts';
import { shopHref } from '../retailerLinks.ts';
import type { FooterContent, LegalLink } from '../../shared/footer/footerSchema.ts';

/**
 * The minimal footer an operator may allow for a shop without CMS content and without fallback: legal links and
 * the VAT note built from the country table and the strings catalogue (the country selector is added by the footer).
 * The table's shop-relative paths are resolved for the shop's pages (docs/footer.md#links-to-the-retailers-site).
 */
export function minimalFooter(
  shop: Shop,
  t: Translate,
): { legalLinks: LegalLink[]; salesTax: FooterContent['salesTax'] } {
  const href = (path: string) => shopHref(shop, path);
  const legalLinks: LegalLink[] = [
    { url: href(shop.links.privacy), text: t('footer.minimal.privacy'), kind: 'privacy' },
    ...(shop.links.generalTerms
      ? [{ url: href(shop.links.generalTerms), text: t('footer.minimal.terms'), kind: 'terms' as const }]
      : []),
    { url: href(shop.links.contact), text: t('footer.minimal.contact'), kind: 'other' },
    { url: href(shop.links.privacy), text: t('footer.consent.title'), kind: 'consentManagement' },
  ];
  return { legalLinks, salesTax: { textBeforeLink: t('footer.minimal.vat'), textAfterLink: '' } };
}
