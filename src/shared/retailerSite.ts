import type { Shop } from './countries.ts';

/**
 * Links to the retailer's site (docs/footer.md#links-to-the-retailers-site). The CMS content and the country table
 * name the retailer's pages by shop-relative paths (`/impressum`); this site builds only some pages of a shop itself.
 * Every other path is a page of the retailer's site: on `RETAILER_ORIGIN` when that is set, else answered here by a
 * stand-in page for local runs (docs/footer.md#stand-in-pages). Shared by the build (pages, footer, sign-up) and the
 * services (the mails' links).
 */

/** Paths under a shop that this site builds itself: checkout, service, the UI gallery and the newsletter pages. */
const OWN_PAGE = /^\/(?:(?:checkout|service|ui)\/?|newsletter(?:\/.*)?)$/s;

/**
 * The shop-relative part of a link without query and fragment (`/lieferung-s102.html?question=x` is
 * `/lieferung-s102.html`), or undefined for an absolute URL, a fragment or the shop's home page.
 */
export function retailerPath(url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const path = url.replace(/[?#].*$/s, '');
  return path === '/' ? undefined : path;
}

/** Whether a shop-relative path (as `retailerPath` gives it) is a page this site builds itself. */
export function isOwnPage(path: string): boolean {
  return OWN_PAGE.test(path);
}

/** Whether a link leads to a page of the retailer's site: shop-relative, and not one of this site's own pages. */
export function isRetailerLink(url: string): boolean {
  const path = retailerPath(url);
  return path !== undefined && !isOwnPage(path);
}

/**
 * A link of the CMS or the country table as a shop's pages render it. A shop's pages live under `/{segment}/`, here
 * and on the retailer's host, so a shop-relative path becomes `/{segment}{path}` (`/impressum` → `/de/impressum`);
 * a page of the retailer's site is on `retailerOrigin` when one is given (`https://www.aroma.example/de/impressum`).
 * Absolute URLs (`https:`, `mailto:`, `tel:`) and fragments stay as they are.
 */
export function shopLink(shop: Pick<Shop, 'segment'>, url: string, retailerOrigin: string | undefined): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const local = `/${shop.segment}${url}`;
  return retailerOrigin !== undefined && isRetailerLink(url) ? retailerOrigin + local : local;
}

/** Where the absolute links of a mail lead: this site (`SITE_URL`), and the retailer's (`RETAILER_ORIGIN`), if set. */
export interface LinkedSites {
  siteUrl: string;
  retailerOrigin?: string;
}

/**
 * A shop-relative link as an absolute address, for a mail: a page of the retailer's site on `retailerOrigin` when set,
 * else, like this site's own pages, on `siteUrl` (where a stand-in answers for a retailer's page on a local run).
 */
export function absoluteShopLink(shop: Pick<Shop, 'segment'>, url: string, sites: LinkedSites): string {
  const link = shopLink(shop, url, sites.retailerOrigin);
  return link.startsWith('/') ? sites.siteUrl + link : link;
}
