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
  // In the page itself: by default the results of each frame are put together in a blank page of their own, with axe
  // injected there too, a page more per check. The shop's pages have no frames from other origins, which only that
  // mode checks. Measured on tests/pages.spec.ts (20 checks): 24 core-s instead of 31, 25 s instead of 32.
  builder = builder.setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, 'serious or critical axe violations').toEqual([]);
}
