import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with a readable list when axe finds serious or critical violations on the page (or part of it). */
export async function expectNoSeriousAxeViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  // Only the violations are read: axe then details one node of each passed or incomplete rule, not all of them
  // (their selectors are most of a run's time on a whole page).
  builder = builder.options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, 'serious or critical axe violations').toEqual([]);
}
