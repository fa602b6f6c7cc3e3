import type { Shop } from '../shared/countries.ts';
import { readBuildConfig } from '../shared/config.ts';
import { translationsFor } from '../shared/i18n.ts';
import { retailerPath, shopLink } from '../shared/retailerSite.ts';

/**
 * The retailer's site the pages link to (`RETAILER_ORIGIN`), or undefined: its pages are stand-ins on this site
 * (docs/footer.md#links-to-the-retailers-site).
 */
export const configuredRetailerOrigin: string | undefined = readBuildConfig().RETAILER_ORIGIN;

/**
 * A link of the CMS or the country table as the shop's pages render it (docs/footer.md#links-to-the-retailers-site):
 * `/impressum` becomes `/{segment}/impressum`, on the retailer's site when `RETAILER_ORIGIN` names one
 * (`shopLink`). Absolute URLs (`https:`, `mailto:`, `tel:`) and fragments stay as they are.
 */
export function shopHref(shop: Shop, url: string, retailerOrigin = configuredRetailerOrigin): string {
  return shopLink(shop, url, retailerOrigin);
}

/** A link to a page of the retailer's site, with the text it is shown with. */
export interface RetailerLink {
  url: string;
  text: string;
}

/**
 * The stand-in pages a shop needs (docs/footer.md#stand-in-pages): every retailer path among `links`, named by the
 * first text it is linked with, except the paths `ownPaths` says this site builds itself.
 */
export function standInPages(links: readonly RetailerLink[], ownPaths: (path: string) => boolean): Map<string, string> {
  const pages = new Map<string, string>();
  for (const link of links) {
    const path = retailerPath(link.url);
    if (path === undefined || ownPaths(path) || pages.has(path)) continue;
    pages.set(path, link.text);
  }
  return pages;
}

/**
 * The answer for a path under a shop that is no stand-in (were the stand-in route ever rendered on demand): 404, one
 * line of plain text in the shop's language.
 */
export function standInNotFound(shop: Shop): Response {
  return new Response(translationsFor(shop.locale)('notFound.text'), {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
