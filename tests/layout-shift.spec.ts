import { expect, test } from '@playwright/test';

// Zero layout shift while a page loads and sets itself up, at every width the footer changes layout at. Checkout is
// the telling case: it is short, so the footer (whose panels collapse on phones and tablets) is in the first viewport.
// 1350 x 940 is Lighthouse's desktop screen, tall enough to show the view changer under the checkout footer. Every
// shop's pages share these templates and styles: DE stands for them, TR for the sign-up with the most fields.
const sizes = [
  { width: 375, height: 800 },
  { width: 1024, height: 800 },
  { width: 1440, height: 800 },
  { width: 1350, height: 940 },
];
const pages = ['/de/checkout/', '/de/', '/tr/'];

for (const { width, height } of sizes) {
  for (const path of pages) {
    test(`${path} at ${width} x ${height} px loads without layout shift`, async ({ page }) => {
      await page.setViewportSize({ width, height });
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
