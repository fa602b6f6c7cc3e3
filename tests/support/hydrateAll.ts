import { expect, type Page } from '@playwright/test';

/**
 * Brings every `client:visible` island into view, one by one, as a shopper scrolling the page would, and waits
 * until all have hydrated. (Skimming the page in big steps can jump past an island before the browser ever reports
 * it visible.) Returns how many islands the page has.
 */
export async function hydrateAllIslands(page: Page): Promise<number> {
  const islands = page.locator('astro-island');
  const count = await islands.count();
  for (let i = 0; i < count; i += 1) {
    const island = islands.nth(i);
    // A hidden island (e.g. the footer sign-up for a subscriber) is never visible and rightly stays unhydrated.
    // (`astro-island` is `display: contents`; Playwright's visibility looks at what it contains.)
    if ((await island.getAttribute('ssr')) === null || !(await island.isVisible())) continue;
    await island.scrollIntoViewIfNeeded();
    // Astro removes the `ssr` attribute from an island once it has hydrated.
    await expect(island).not.toHaveAttribute('ssr', { timeout: 10_000 });
  }
  await expect(page.locator('astro-island[ssr]').filter({ visible: true })).toHaveCount(0);
  return count;
}
