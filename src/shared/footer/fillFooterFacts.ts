import type { Shop } from '../countries.ts';
import type { FooterContent } from './footerSchema.ts';
import type { FooterProblem } from './footerProblem.ts';
import { jsonPath } from './sanitizeFooterContent.ts';
import { fillShopFacts } from './shopFacts.ts';

/** Keys whose values are targets or names, never shown text: placeholders are not filled there. */
const notText = new Set(['url', 'link', 'source', 'iconName']);

/** Content with every placeholder filled, or every text that cannot be shown, by JSON path. */
export type FilledFooter = { ok: true; content: FooterContent } | { ok: false; errors: FooterProblem[] };

/**
 * Fills the shop's facts into every text of a footer (`{{returnPeriod}}` becomes "30 Tage"), so that a threshold or
 * a period is written once, in the country table, and every page built from the content shows the table's value
 * (docs/footer.md#shop-facts). Content that names an unknown placeholder or a fact the shop lacks cannot be used.
 */
export function fillFooterFacts(content: FooterContent, shop: Shop): FilledFooter {
  const errors: FooterProblem[] = [];
  const fill = (value: unknown, path: (string | number)[]): unknown => {
    if (typeof value === 'string') {
      const filled = fillShopFacts(value, shop);
      if (filled.ok) return filled.text;
      errors.push({ path: jsonPath(path), message: filled.message });
      return value;
    }
    if (Array.isArray(value)) return value.map((item, index) => fill(item, [...path, index]));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, notText.has(key) ? child : fill(child, [...path, key])]),
    );
  };
  const filled = fill(content, []) as FooterContent;
  return errors.length ? { ok: false, errors } : { ok: true, content: filled };
}
