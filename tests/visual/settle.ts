import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Brings a page to a state that looks the same on every run: lazy images loaded and decoded, web fonts ready, the
 * icon sprite fetched, no request in flight.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
}

/** Things that change from build to build (the copyright year), hidden from the comparison. */
export const variableParts = (page: Page): Locator[] => [page.locator('.shop-footer__copyright')];

/** Screenshot options shared by the visual tests. */
// Tall elements (footer, gallery) take seconds per capture on a busy machine; two equal captures are needed.
export const screenshotOptions = (page: Page) => ({
  mask: variableParts(page),
  animations: 'disabled' as const,
  caret: 'hide' as const,
  timeout: 20_000,
});

/** Compares `target` with its committed baseline after the page has settled. */
export async function expectLooksLike(page: Page, target: Locator, name: string): Promise<void> {
  await settle(page);
  await expect(target).toHaveScreenshot(`${name}.png`, screenshotOptions(page));
}
