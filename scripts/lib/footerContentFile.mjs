// Footer content from an operator's file, and its problems as printed lines: shared by content:check and content:publish.
import fs from 'node:fs';
import { footerContentProblems } from '../../src/shared/footer/footerContentProblems.ts';
import { shopFooterReport } from '../../src/shared/footer/shopFooterReport.ts';

/** The content in `file`: bare, or in the promotion service's `{ "contentJSON": "…" }` envelope. Throws when unreadable. */
export function readFooterContentFile(file) {
  let raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof raw?.contentJSON === 'string') raw = JSON.parse(raw.contentJSON);
  return raw;
}

/**
 * The lines to print for one shop's content, each `HU $.teaserGroups[0].links[1].link: …`: `problems` keep it from
 * going live (schema errors, values the build would drop, unknown placeholders), `warnings` are facts its texts state
 * otherwise than the country table (docs/footer.md#shop-facts). Without a shop, only what needs none.
 */
export function reportLines(label, raw, shop) {
  const line = (problem, tag = '') => `${label} ${problem.path}: ${tag}${problem.message}`;
  if (!shop) return { problems: footerContentProblems(raw).map((problem) => line(problem)), warnings: [] };
  const report = shopFooterReport(raw, shop);
  return {
    problems: report.problems.map((problem) => line(problem)),
    warnings: report.warnings.map((problem) => line(problem, 'warning: ')),
  };
}

/** Problems and warnings as one list: what `content:check` prints, and fails on. */
export function problemLines(label, raw, shop) {
  const { problems, warnings } = reportLines(label, raw, shop);
  return [...problems, ...warnings];
}
