import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { loginAsStaff } from './support/preview.ts';

// Staff preview renders in the browser (docs/preview.md#preview-render): the panel's Apply reloads into the preview
// and back to the live page, and the indicator shows without covering a control. What the render holds (the text of
// the moment, the forced group's variant, the shop's time zone), its headers, and the release file byte for byte for
// everybody else are checked over HTTP in tests/site/preview.test.ts.
test.use({ timezoneId: 'Europe/Berlin' });

// DE's live footer as seeded (server/seed).
const liveHeadline = JSON.parse(fs.readFileSync(path.resolve('server/seed/footer/de.json'), 'utf8')).headline as string;
const indicator = (page: Page) => page.locator('[data-preview-indicator]');
const footerHeadline = (page: Page) => page.locator('.footer-service__headline');

/** Sets the staff session's preview through the service, as the panel's Apply does. */
async function preview(page: Page, query: Record<string, string>) {
  const response = await page.request.get(
    `/service/preview/api/token?${new URLSearchParams({ test: '', group: '', previewDateTime: '', ...query })}`,
  );
  expect(response.status()).toBe(200);
}

test('Apply reloads into the preview; clearing date and test returns to the live static page', async ({ page }) => {
  await loginAsStaff(page);
  await preview(page, { test: 'FOOTER_TEASER_ORDER', group: 'A', previewDateTime: '2026-12-24T09:00:00.000Z' });
  await page.goto('/de/');
  await expect(indicator(page)).toBeVisible();
  await indicator(page).getByRole('button', { name: 'Preview settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview settings' });
  await dialog.getByLabel('Date').fill('');
  await expect(dialog.getByText(/Active tests found|No active tests/)).toBeVisible();
  await dialog.getByLabel('A/B test', { exact: true }).selectOption('');
  const reloaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/de/' && response.request().method() === 'GET',
  );
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const response = await reloaded;
  expect(response.headers()['cache-control']).toBe('no-cache');
  await expect(indicator(page)).toHaveCount(0);
  await expect(footerHeadline(page)).toHaveText(liveHeadline);
  // The static page's own panel toggle now says no preview is active.
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toBeVisible();
});

for (const width of [375, 1440]) {
  test(`the indicator is visible at ${width} px without opening the panel and covers neither sign-up nor footer controls`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await loginAsStaff(page);
    await preview(page, { test: 'FOOTER_TEASER_ORDER', group: 'B', previewDateTime: '2026-12-24T09:00:00.000Z' });
    const errors = collectConsoleErrors(page);
    await page.goto('/de/service/');
    await expect(indicator(page)).toBeInViewport({ ratio: 1 });
    // The panel takes the indicator's button over: the render's scripts and styles ran under its CSP.
    await expect(indicator(page).getByRole('button', { name: 'Preview settings' })).toBeEnabled();
    await expect(indicator(page)).toHaveText(/Preview · 24\.12\.2026, 10:00 · FOOTER_TEASER_ORDER \/ B/);
    const controls = [
      page.locator('[data-shop-footer] .newsletter-form button[type="submit"]'),
      page.locator('[data-shop-footer] select[name="country"]'),
      page.locator('[data-shop-footer] .shop-footer__top'),
    ];
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      await expect(indicator(page)).toBeInViewport();
      const [bar, box] = [await indicator(page).boundingBox(), await control.boundingBox()];
      expect(box!.y >= bar!.y + bar!.height || box!.y + box!.height <= bar!.y, 'indicator overlaps a control').toBe(
        true,
      );
    }
    expect(errors).toEqual([]);
  });
}
