import { getEntry } from 'astro:content';
import type { Shop } from '../../shared/countries.ts';
import type { LoadedFooter } from './loadedFooterSchema.ts';
import type { FooterContent } from '../../shared/footer/footerSchema.ts';
import { unavailableMessage } from './unavailableFooter.ts';
import { previewFooter } from './cmsFooter.ts';

/** A footer that can be rendered: from the CMS, the fallback collection, or the minimal footer. */
export type UsableFooter = LoadedFooter & { source: Exclude<LoadedFooter['source'], 'unavailable'> };

/**
 * The footer a shop page shows. An on-demand render brings the content valid at its moment (a staff preview's, or now) in `locals`
 * (docs/preview.md#preview-render); otherwise, and when that content is unusable, the footer the shop was built with.
 * The one place that fails the build when a shop has none: a shop must not silently ship without a footer
 * (see docs/footer.md).
 */
export async function getShopFooter(shop: Shop, locals: App.Locals = {}): Promise<UsableFooter> {
  const previewed = previewFooter(shop, locals.footerContentJSON);
  if (previewed) return previewed;
  const footer = (await getEntry('footer', shop.segment))?.data;
  if (!footer) throw new Error(`No footer was loaded for the ${shop.code} shop (is it in SHOPS?)`);
  if (footer.source === 'unavailable') throw new Error(unavailableMessage(footer, shop.code));
  return { ...footer, source: footer.source };
}

/**
 * The footer content a shop page shows, or undefined where it shows none (the minimal footer). Never throws for a shop
 * without a footer: the page's own footer does that, with the message the publisher reports (docs/footer.md).
 */
export async function shownFooterContent(shop: Shop, locals: App.Locals = {}): Promise<FooterContent | undefined> {
  const previewed = previewFooter(shop, locals.footerContentJSON);
  if (previewed) return previewed.content;
  return (await getEntry('footer', shop.segment))?.data.content;
}
