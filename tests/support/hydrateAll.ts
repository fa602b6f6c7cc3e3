import { expect, type Page } from '@playwright/test';

/** Scrolls through the page so every `client:visible` island enters the viewport, then waits until all hydrated. */
export async function hydrateAllIslands(page: Page): Promise<number> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Astro removes the `ssr` attribute from an island once it has hydrated.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return page.locator('astro-island').count();
}
