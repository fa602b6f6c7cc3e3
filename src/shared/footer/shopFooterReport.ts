import type { Shop } from '../countries.ts';
import { footerContentProblems } from './footerContentProblems.ts';
import { footerFactProblems } from './footerFactProblems.ts';
import type { FooterProblem } from './footerProblem.ts';
import { parseShopFooter } from './parseShopFooter.ts';

/** What is wrong with one shop's footer content: problems that keep it from being shown, and disagreements with the country table. */
export interface ShopFooterReport {
  /** Schema errors, unsafe links, unknown logo sources, unknown placeholders: the content cannot go live as it is. */
  problems: FooterProblem[];
  /** Facts the texts state otherwise than the country table (docs/footer.md#shop-facts); shown to the operator. */
  warnings: FooterProblem[];
}

/** Checks footer content for one shop: `footerContentProblems`, then its placeholders and its facts against the table. */
export function shopFooterReport(raw: unknown, shop: Shop): ShopFooterReport {
  const problems = footerContentProblems(raw);
  if (problems.length) return { problems, warnings: [] };
  const parsed = parseShopFooter(raw, shop);
  if (!parsed.ok) return { problems: parsed.errors, warnings: [] };
  return { problems: [], warnings: footerFactProblems(parsed.content, shop) };
}

/** The same for content as the promotion service keeps it, a JSON string; text that is not JSON is one problem at `$`. */
export function shopFooterJsonReport(contentJSON: string, shop: Shop): ShopFooterReport {
  let raw: unknown;
  try {
    raw = JSON.parse(contentJSON);
  } catch (error) {
    return { problems: [{ path: '$', message: `is not JSON (${(error as Error).message})` }], warnings: [] };
  }
  return shopFooterReport(raw, shop);
}
