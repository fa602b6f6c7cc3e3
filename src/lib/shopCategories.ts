import type { UiStringKey } from '../shared/i18n.ts';

/**
 * The retailer's main categories the shop header links to, by their category id: the retailer's site answers a bare
 * id path (`/c400`), as the CMS footer's own links show. Shop-relative like every retailer path
 * (docs/footer.md#links-to-the-retailers-site).
 */
export const shopCategories: readonly { key: UiStringKey; path: string }[] = [
  { key: 'header.nav.coffee', path: '/c100' },
  { key: 'header.nav.fashion', path: '/c200' },
  { key: 'header.nav.living', path: '/c300' },
  { key: 'header.nav.household', path: '/c301' },
  { key: 'header.nav.sport', path: '/c400' },
];
