import type { Shop } from '../shared/countries.ts';

/**
 * A link of the CMS or the country table as the shop's pages render it (docs/footer.md#links-to-the-retailers-site).
 * Both hold shop-relative paths (`/impressum`); every shop's pages live under `/{segment}/`, so a path becomes
 * `/{segment}/impressum`. Absolute URLs (`https:`, `mailto:`, `tel:`) and fragments stay as they are.
 */
export function shopHref(shop: Shop, url: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  return `/${shop.segment}${url}`;
}

/** A link to a page of the retailer's site, with the text it is shown with. */
export interface RetailerLink {
  url: string;
  text: string;
}

/**
 * The shop-relative part of a link without query and fragment (`/lieferung-s102.html?question=x` is
 * `/lieferung-s102.html`), or undefined for an absolute URL, a fragment or the shop's home page.
 */
export function retailerPath(url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const path = url.replace(/[?#].*$/s, '');
  return path === '/' ? undefined : path;
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
