import type { Shop } from '../shared/countries.ts';
import { translationsFor } from '../shared/i18n.ts';
import { isOwnPage } from '../shared/retailerSite.ts';
import { shownFooterContent } from './footer/shopFooter.ts';
import { footerLinks } from './footer/footerLinks.ts';
import { linkKeys } from './newsletter/signUpLinks.ts';
import { shopCategories } from './shopCategories.ts';
import { configuredRetailerOrigin, standInPages, type RetailerLink } from './retailerLinks.ts';

/**
 * The shop's stand-in pages by path, each with its title (docs/footer.md#stand-in-pages): every page of the
 * retailer's site the shop's pages and mails link to. From the header's categories, the sign-up's links and the mails'
 * imprint pages (country table) and the footer the page is rendered with (a staff preview's content in an on-demand
 * render). None where the retailer's site is named (`RETAILER_ORIGIN`): every such link leads there, and nothing of the
 * retailer's, its legal pages least of all, may be answered by a placeholder.
 */
export async function shopStandInPages(
  shop: Shop,
  locals: App.Locals = {},
  retailerOrigin = configuredRetailerOrigin,
): Promise<Map<string, string>> {
  if (retailerOrigin !== undefined) return new Map();
  const t = translationsFor(shop.locale);
  const footer = await shownFooterContent(shop, locals);
  const { website, imprintPage } = shop.imprint;
  const links: RetailerLink[] = [
    ...shopCategories.map(({ key, path }) => ({ url: path, text: t(key) })),
    ...Object.entries(linkKeys).flatMap(([name, key]) => {
      const path = shop.links[name as keyof typeof linkKeys];
      return path ? [{ url: path, text: t(key) }] : [];
    }),
    ...(footer ? footerLinks(footer) : []),
    ...[website, imprintPage].flatMap((page) => (page ? [{ url: page.path, text: page.label }] : [])),
  ];
  return standInPages(links, isOwnPage);
}
