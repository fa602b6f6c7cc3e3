import { selectShops } from '../shared/countries.ts';
import { readBuildConfig } from '../shared/config.ts';

/**
 * `getStaticPaths` for per-shop pages: every shop, or only those named in `SHOPS`
 * (set by `npm run build -- --country de,at`), so an operator can rebuild one shop. The page finds its shop through
 * `shopPage(Astro.locals)` (src/middleware.ts), which works in the on-demand preview render as well.
 */
export function shopStaticPaths(): { params: { country: string } }[] {
  return selectShops(readBuildConfig().SHOPS).map((shop) => ({ params: { country: shop.segment } }));
}
