import type { Shop } from '../shared/countries.ts';
import { translationsFor } from '../shared/i18n.ts';
import { shownFooterContent } from './footer/shopFooter.ts';
import { footerLinks } from './footer/footerLinks.ts';
import { linkKeys } from './newsletter/signUpLinks.ts';
import { shopCategories } from './shopCategories.ts';
import { standInPages, type RetailerLink } from './retailerLinks.ts';

/** Paths under a shop that this site builds itself: the home page, checkout, service, UI gallery and newsletter. */
const OWN_PAGE = /^\/(?:(?:checkout|service|ui)\/?|newsletter(?:\/.*)?)$/s;

/**
 * The shop's stand-in pages by path, each with its title (docs/footer.md#stand-in-pages): every page of the
 * retailer's site the shop's pages link to. From the header's categories, the sign-up's links (country table) and the
 * footer the page is rendered with (a staff preview's content in an on-demand render).
 */
export async function shopStandInPages(shop: Shop, locals: App.Locals = {}): Promise<Map<string, string>> {
  const t = translationsFor(shop.locale);
  const footer = await shownFooterContent(shop, locals);
  const links: RetailerLink[] = [
    ...shopCategories.map(({ key, path }) => ({ url: path, text: t(key) })),
    ...Object.entries(linkKeys).flatMap(([name, key]) => {
      const path = shop.links[name as keyof typeof linkKeys];
      return path ? [{ url: path, text: t(key) }] : [];
    }),
    ...(footer ? footerLinks(footer) : []),
  ];
  return standInPages(links, (path) => OWN_PAGE.test(path));
}
