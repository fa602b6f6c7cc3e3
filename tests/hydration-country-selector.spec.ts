import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { holdIslandCode, throttleCpu } from './support/hydration.ts';

// The country selector hydrates on the first interaction inside it. Server and browser render the same elements, so
// a click that lands while React hydrates hits the element React adopts, and nothing moves.

test.use({ viewport: { width: 375, height: 812 } });

test('a country picked and confirmed while the selector hydrates switches the shop (CPU 6x slower)', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const release = await holdIslandCode(page, 'CountrySelector');
  await page.goto('/ch-fr/');
  await throttleCpu(page);
  const selector = page.locator('footer .footer-country');
  await selector.scrollIntoViewIfNeeded();
  const island = selector.locator('astro-island');
  const select = selector.getByRole('combobox', { name: 'Choisir le pays' });
  const button = selector.getByRole('button', { name: 'Aller à la boutique' });
  // The select works before any script of the island has run.
  await expect(island).toHaveAttribute('ssr', '');
  await expect(select).toHaveValue('CH');
  await select.selectOption('HU');
  // The click arrives before the island's code: it is loaded and hydrated only now.
  await button.click();
  release();
  await expect(page).toHaveURL(/\/hu\/$/, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu-HU');
  expect(errors).toEqual([]);
});

test('hydrating keeps the very same elements in place: no swap, no layout shift', async ({ page }) => {
  const release = await holdIslandCode(page, 'CountrySelector');
  await page.goto('/de/');
  await throttleCpu(page);
  const selector = page.locator('footer .footer-country');
  await selector.scrollIntoViewIfNeeded();
  const island = selector.locator('astro-island');
  await expect(island).toHaveAttribute('ssr', '');
  const select = selector.getByRole('combobox', { name: 'Land wählen' });
  await select.evaluate((element) => {
    (window as unknown as { serverSelect: Element }).serverSelect = element;
  });
  const before = await selector.boundingBox();
  await page.evaluate(() => {
    (window as unknown as { shift: number }).shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        (window as unknown as { shift: number }).shift += entry.value;
    }).observe({ type: 'layout-shift' });
  });
  await select.focus();
  release();
  await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
  // Let React finish its commit and any re-render.
  await page.waitForTimeout(500);
  expect(
    await select.evaluate((element) => element === (window as unknown as { serverSelect: Element }).serverSelect),
  ).toBe(true);
  await expect(select).toBeFocused();
  expect(await selector.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBe(0);
});
