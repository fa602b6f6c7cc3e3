import { expect, test } from '@playwright/test';
import { shops } from '../src/lib/countries.ts';

// Zero layout shift while a page loads and sets itself up, at every width the footer changes layout at. Checkout is
// the telling case: it is short, so the footer (whose panels collapse on phones and tablets) is in the first viewport.
const widths = [375, 1024, 1440];
const pages = shops.flatMap((shop) => [`/${shop.segment}/checkout/`, `/${shop.segment}/`]).filter((_, i) => i < 6);

for (const width of widths) {
  for (const path of pages) {
    test(`${path} at ${width} px loads without layout shift`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(() => {
        const state = window as unknown as { cls: number };
        state.cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.cls += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // The footer script has run and set the panels up by now.
      await expect(page.locator('[data-shop-footer][data-panels-ready]')).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBe(0);
    });
  }
}
