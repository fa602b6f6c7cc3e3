import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { collectRequests, loginAsStaff } from './support/preview.ts';
import { servedSiteDir } from './support/servedSite.ts';

// Staff preview renders (docs/preview.md#preview-render): the shop as it will be at the preview moment and in the
// forced group, for the previewing browser only.
test.use({ timezoneId: 'Europe/Berlin' });

// The demo's seeded versions (server/seed): DE's live footer, its Christmas campaign from 1 December 2026 and its
// variant for group B of FOOTER_TEASER_ORDER (the service groups in another order).
const seeded = (folder: string) => JSON.parse(fs.readFileSync(path.resolve(`server/seed/${folder}/de.json`), 'utf8'));
const live = seeded('footer');
const liveHeadline = live.headline as string;
const christmasHeadline = seeded('footer-christmas').headline as string;
const firstGroup = (content: { teaserGroups: { heading: { text: string } }[] }) =>
  content.teaserGroups[0]!.heading.text;
const variantFirstGroup = firstGroup(seeded('footer-teaser-order-b'));
const indicator = (page: Page) => page.locator('[data-preview-indicator]');
const footerHeadline = (page: Page) => page.locator('.footer-service__headline');
const firstPanelTitle = (page: Page) => page.locator('[data-shop-footer] [data-panel-title]').first();

/** Sets the staff session's preview through the service, as the panel's Apply does. */
async function preview(page: Page, query: Record<string, string>) {
  const response = await page.request.get(
    `/service/preview/api/token?${new URLSearchParams({ test: '', group: '', previewDateTime: '', ...query })}`,
  );
  expect(response.status()).toBe(200);
}

test('staff previewing a moment after a scheduled version see its text; a shopper at the same time sees the live text', async ({
  page,
  browser,
}) => {
  expect(christmasHeadline).not.toBe(liveHeadline);
  await loginAsStaff(page);
  await preview(page, { previewDateTime: '2026-12-24T09:00:00.000Z' });
  await page.goto('/de/');
  await expect(footerHeadline(page)).toHaveText(christmasHeadline);
  await expect(indicator(page)).toHaveText(/Preview · 24\.12\.2026, 10:00/);

  const shopper = await browser.newPage();
  await shopper.goto('/de/');
  await expect(footerHeadline(shopper)).toHaveText(liveHeadline);
  await expect(indicator(shopper)).toHaveCount(0);
  await shopper.close();
});

test('a forced group shows its variant, the other group the live footer, and the A/B service answers that group', async ({
  page,
}) => {
  expect(variantFirstGroup).not.toBe(firstGroup(live));
  const target = { test: 'FOOTER_TEASER_ORDER', group: 'B' };
  await loginAsStaff(page);
  await preview(page, { ...target, previewDateTime: new Date().toISOString() });
  await page.goto('/de/');
  await expect(firstPanelTitle(page)).toHaveText(variantFirstGroup);
  await expect(indicator(page)).toContainText('FOOTER_TEASER_ORDER / B');
  const assignment = await (await page.request.get('/service/abtestfrontend/api/v1/getassignment')).json();
  expect(assignment.assignments).toContainEqual(target);

  await preview(page, { ...target, group: 'A', previewDateTime: new Date().toISOString() });
  await page.goto('/de/');
  await expect(indicator(page)).toContainText('FOOTER_TEASER_ORDER / A');
  await expect(firstPanelTitle(page)).toHaveText(firstGroup(live));
});

test('preview answers are never cached for anyone else; every shop page has one', async ({ page }) => {
  await loginAsStaff(page);
  await preview(page, { previewDateTime: '2026-12-24T09:00:00.000Z' });
  for (const pagePath of ['/de/', '/de/checkout/', '/de/newsletter/confirm/', '/de/service/']) {
    const response = await page.request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    expect(response.headers()['cache-control'], pagePath).toBe('private, no-store');
    expect(response.headers()['vary'], pagePath).toMatch(/^Cookie\b/);
    expect(response.headers()['content-security-policy'], pagePath).toMatch(
      /script-src 'self' 'sha256-.*frame-ancestors 'none'/,
    );
    expect(await response.text(), pagePath).toContain('data-preview-indicator');
  }
});

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

test('shoppers and staff without an active preview get the release file byte for byte, and no preview request', async ({
  page,
  browser,
  request,
}) => {
  const release = fs.readFileSync(path.join(servedSiteDir, 'de/index.html'));
  const shopperAnswer = await request.get('/de/');
  expect(Buffer.from(await shopperAnswer.body()).equals(release)).toBe(true);
  expect(shopperAnswer.headers()['cache-control']).toBe('no-cache');

  const requests = collectRequests(page);
  await page.goto('/de/');
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => /\/preview\/|\/_preview\//.test(new URL(url).pathname))).toEqual([]);

  const staff = await browser.newPage();
  await loginAsStaff(staff);
  const staffAnswer = await staff.request.get('/de/');
  expect(Buffer.from(await staffAnswer.body()).equals(release)).toBe(true);
  await staff.close();
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
