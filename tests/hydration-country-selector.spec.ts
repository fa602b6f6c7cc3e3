import { expect, test } from '@playwright/test';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { holdIslandCode, throttleCpu } from './support/hydration.ts';
import { ISLAND_HYDRATED_EVENT } from '../src/lib/hydration/islandHydratedEvent.ts';

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
  await page.evaluate((hydratedEvent) => {
    const state = window as unknown as { shifts: PerformanceObserver; shift: number; hydrated: boolean };
    state.hydrated = false;
    // React's hydration commit, after which the island handles its own events (useAdoptLiveValues).
    document.addEventListener(hydratedEvent, () => (state.hydrated = true));
    state.shift = 0;
    state.shifts = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.shift += (entry as unknown as { value: number }).value;
    });
    state.shifts.observe({ type: 'layout-shift' });
  }, ISLAND_HYDRATED_EVENT);
  await select.focus();
  release();
  await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { hydrated: boolean }).hydrated)).toBe(true);
  // Two frames after React's commit: whatever it changed is laid out, and a shift it caused is recorded (what the
  // observer has not handed to its callback yet is taken from it).
  const shift = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const state = window as unknown as { shifts: PerformanceObserver; shift: number };
    const pending = state.shifts.takeRecords() as unknown as { value: number }[];
    return pending.reduce((sum, entry) => sum + entry.value, state.shift);
  });
  expect(shift).toBe(0);
  expect(
    await select.evaluate((element) => element === (window as unknown as { serverSelect: Element }).serverSelect),
  ).toBe(true);
  await expect(select).toBeFocused();
  expect(await selector.boundingBox()).toEqual(before);
});
