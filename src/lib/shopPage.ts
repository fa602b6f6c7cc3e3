import type { Shop } from '../shared/countries.ts';
import { translationsFor, type Translate } from '../shared/i18n.ts';

/** What every page under `/{shop}/` starts from: its shop and that shop's strings. */
export interface ShopPage {
  shop: Shop;
  t: Translate;
}

/** The shop page context for a shop (set once per request by src/middleware.ts). */
export function shopPageFor(shop: Shop): ShopPage {
  return { shop, t: translationsFor(shop.locale) };
}

/** The current page's shop and strings; only pages under `/{shop}/` have them. */
export function shopPage(locals: App.Locals): ShopPage {
  if (!locals.shopPage) throw new Error('Not a shop page: src/middleware.ts sets the shop only for /{shop}/ routes');
  return locals.shopPage;
}
