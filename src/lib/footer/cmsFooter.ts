import type { Shop } from '../../shared/countries.ts';
import type { FooterParseResult } from '../../shared/footer/sanitizeFooterContent.ts';
import { parseShopFooter } from '../../shared/footer/parseShopFooter.ts';
import type { LoadedFooter } from './loadedFooterSchema.ts';

/** A CMS footer that passed validation (unsafe parts dropped), or the parse result's errors. */
export type CmsFooterResult =
  { ok: true; footer: LoadedFooter & { source: 'cms' } } | Extract<FooterParseResult, { ok: false }>;

/**
 * CMS content through the parse/sanitise pipeline: the one path for the build's content and a preview render's
 * (docs/footer.md, docs/preview.md#preview-render).
 */
export function cmsFooter(shop: Shop, raw: unknown, reasons: string[] = []): CmsFooterResult {
  const parsed = parseShopFooter(raw, shop);
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    footer: { segment: shop.segment, source: 'cms', content: parsed.content, dropped: parsed.dropped, reasons },
  };
}

/**
 * The footer of a preview render from the promotion's `contentJSON` valid at the preview moment; undefined when it
 * is not JSON or not a valid footer, and the page then keeps the footer it was built with.
 */
export function previewFooter(
  shop: Shop,
  contentJSON: string | undefined,
): (LoadedFooter & { source: 'cms' }) | undefined {
  if (contentJSON === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(contentJSON);
  } catch {
    return undefined;
  }
  const result = cmsFooter(shop, raw);
  return result.ok ? result.footer : undefined;
}
