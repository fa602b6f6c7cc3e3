import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Hydrates one island the way a shopper does: the shop's islands hydrate on the first interaction inside them
 * (`client:interaction`), so bring it into view and put a pointer down on it. An island that hydrates on its own
 * (`client:load`, as on the double-opt-in page, or a `client:visible` build) is waited for, not reached for: the page's
 * island runtime comes with its one script, so it may still be on its way. Waits until Astro reports the island
 * hydrated.
 */
export async function hydrateIsland(island: Locator): Promise<void> {
  if ((await island.getAttribute('ssr')) === null) return;
  if ((await island.getAttribute('client')) !== 'interaction') {
    await expect(island).not.toHaveAttribute('ssr', { timeout: 10_000 });
    return;
  }
  await island.scrollIntoViewIfNeeded();
  await island.dispatchEvent('pointerdown');
  // Astro removes the `ssr` attribute from an island once it has hydrated.
  await expect(island).not.toHaveAttribute('ssr', { timeout: 10_000 });
}

/**
 * Hydrates every visible island of the page, one by one, and waits until all have hydrated. Returns how many islands
 * the page has.
 */
export async function hydrateAllIslands(page: Page): Promise<number> {
  const islands = page.locator('astro-island');
  const count = await islands.count();
  for (let i = 0; i < count; i += 1) {
    const island = islands.nth(i);
    // A hidden island (e.g. the footer sign-up for a subscriber) is out of reach and rightly stays unhydrated.
    // (`astro-island` is `display: contents`; Playwright's visibility looks at what it contains.)
    if (!(await island.isVisible())) continue;
    await hydrateIsland(island);
  }
  await expect(page.locator('astro-island[ssr]').filter({ visible: true })).toHaveCount(0);
  return count;
}
