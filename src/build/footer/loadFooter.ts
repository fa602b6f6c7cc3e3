import type { Shop } from '../../shared/countries.ts';
import { fetchCmsFooter, type CmsAnswer } from './fetchCmsFooter.ts';
import type { LoadedFooter } from '../../lib/footer/loadedFooterSchema.ts';
import type { FooterProblem } from '../../shared/footer/footerProblem.ts';
import { parseShopFooter } from '../../shared/footer/parseShopFooter.ts';
import { cmsFooter } from '../../lib/footer/cmsFooter.ts';

export interface LoadFooterOptions {
  /** Origin of the promotion service, e.g. `http://localhost:4321`. */
  origin: string;
  /** The shop's fallback content (raw JSON) when it has one. */
  readFallback: (shop: Shop) => unknown;
  /** The operator allowed shops without CMS content and without fallback to ship the minimal footer. */
  allowMinimal: boolean;
  /** Injectable so tests need not wait the standard 15 s. */
  timeoutMs?: number;
  /** An A/B variant's build: the content of this test's group. */
  abTarget?: { test: string; group: string };
}

function describe(errors: FooterProblem[]): string {
  const shown = errors
    .slice(0, 5)
    .map((e) => `${e.path}: ${e.message}`)
    .join('; ');
  return `${errors.length} invalid value(s): ${shown}${errors.length > 5 ? '; ...' : ''}`;
}

/**
 * A shop's footer: CMS content when it is there and valid; else the fallback collection (DE, AT, CH); else, if the
 * operator allowed it, the minimal footer; else `unavailable` with the reasons, which the build turns into an error.
 */
export async function loadFooter(shop: Shop, options: LoadFooterOptions): Promise<LoadedFooter> {
  const answer = await fetchCmsFooter(options.origin, shop, options.timeoutMs, options.abTarget);
  const version = answer.ok && answer.version !== undefined ? { contentVersion: answer.version } : {};
  return { ...chooseFooter(shop, answer, options), ...version };
}

function chooseFooter(shop: Shop, answer: CmsAnswer, options: LoadFooterOptions): LoadedFooter {
  const reasons: string[] = [];
  if (answer.ok) {
    const parsed = cmsFooter(shop, answer.raw, reasons);
    if (parsed.ok) return parsed.footer;
    reasons.push(`CMS content is invalid: ${describe(parsed.errors)}`);
  } else {
    reasons.push(answer.reason);
  }

  if (shop.hasFooterFallback) {
    const parsed = parseShopFooter(options.readFallback(shop), shop);
    if (parsed.ok)
      return { segment: shop.segment, source: 'fallback', content: parsed.content, dropped: parsed.dropped, reasons };
    reasons.push(`fallback content is invalid: ${describe(parsed.errors)}`);
  }
  return { segment: shop.segment, source: options.allowMinimal ? 'minimal' : 'unavailable', dropped: [], reasons };
}

/** One line of the build's per-country report. */
export function reportLine(footer: LoadedFooter): string {
  const dropped = `${footer.dropped.length} problem(s) dropped`;
  const why = footer.reasons.length ? ` (${footer.reasons.join('; ')})` : '';
  const version =
    footer.contentVersion === undefined
      ? ''
      : footer.source === 'cms'
        ? ` (version ${footer.contentVersion})`
        : ` (CMS version ${footer.contentVersion} not used)`;
  return `footer ${footer.segment}: ${footer.source.toUpperCase()}${version}, ${dropped}${why}`;
}
