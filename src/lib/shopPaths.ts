import { selectShops, type Shop } from '../shared/countries.ts';
import { readBuildConfig } from '../shared/config.ts';

/**
 * `getStaticPaths` for per-shop pages: every shop, or only those named in `SHOPS`
 * (set by `npm run build -- --country de,at`), so an operator can rebuild one shop.
 */
export function shopStaticPaths(): { params: { country: string }; props: { shop: Shop } }[] {
  return selectShops(readBuildConfig().SHOPS).map((shop) => ({ params: { country: shop.segment }, props: { shop } }));
}
