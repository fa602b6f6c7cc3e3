import type { Shop } from '../countries.ts';
import { fillFooterFacts } from './fillFooterFacts.ts';
import { parseFooterContent, type FooterParseResult } from './sanitizeFooterContent.ts';

/**
 * Footer content as one shop shows it: parsed and made safe (`parseFooterContent`), with the shop's facts filled
 * into its texts (`fillFooterFacts`). The one path for CMS content, fallbacks and preview renders alike.
 */
export function parseShopFooter(raw: unknown, shop: Shop): FooterParseResult {
  const parsed = parseFooterContent(raw);
  if (!parsed.ok) return parsed;
  const filled = fillFooterFacts(parsed.content, shop);
  return filled.ok
    ? { ok: true, content: filled.content, dropped: parsed.dropped }
    : { ok: false, errors: filled.errors, dropped: parsed.dropped };
}
