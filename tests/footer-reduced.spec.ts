import { expect, test, type Page } from '@playwright/test';

// The reduced footer that a cookie forces on a page built with the full one (docs/footer.md#variants), before the first
// paint. Which cookies force it (affiliateNumber, xc-app=new) is unit-tested on the head script
// (src/lib/footer/headScript.test.ts); checkout's reduced footer, built as such, is checked for every shop in
// tests/site/footerVariants.test.ts.
test.use({ viewport: { width: 1440, height: 900 } });
const footerOf = (page: Page) => page.locator('footer[data-shop-footer]');

test('an affiliateNumber cookie forces the reduced footer before first paint', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'affiliateNumber', value: '4711', url: baseURL! }]);
  // Record, at the first frame, whether the attribute is already there and the newsletter area already hidden.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const newsletter = document.querySelector('[data-footer-newsletter]');
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        reduced: document.documentElement.hasAttribute('data-footer-reduced'),
        footerParsed: document.querySelector('[data-shop-footer]') !== null,
        newsletterDisplay: newsletter ? getComputedStyle(newsletter).display : 'missing',
      };
    });
  });
  // A content page: its full footer carries a sign-up form (the home page's footer leaves it out).
  await page.goto('/de/service/');
  // At the first frame the attribute is set; the newsletter area is hidden or not even parsed yet: never painted.
  const firstFrame = await page.evaluate(
    () =>
      (window as unknown as { firstFrame: { reduced: boolean; footerParsed: boolean; newsletterDisplay: string } })
        .firstFrame,
  );
  // The script opens <body> (after the CSP meta), so a frame may come before it ran, but never with a footer in it.
  expect(firstFrame.reduced || !firstFrame.footerParsed).toBe(true);
  if (firstFrame.footerParsed) expect(firstFrame.newsletterDisplay).toBe('none');
  await expect(page.locator('[data-footer-newsletter]')).toBeHidden();
  const footer = footerOf(page);
  await expect(footer.getByRole('heading', { name: 'Beliebte Kategorien' })).toBeHidden();
  await expect(footer.getByRole('heading', { name: 'Folgen Sie uns' })).toBeHidden();
  await expect(footer.getByText('30 Tage Rückgaberecht')).toBeHidden();
  await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();
});

test('without such a cookie the shop page has the full footer', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'other', value: 'affiliate', url: baseURL! }]);
  await page.goto('/de/service/');
  await expect(page.locator('html')).not.toHaveAttribute('data-footer-reduced', '');
  await expect(page.locator('[data-footer-newsletter]')).toBeVisible();
  await expect(footerOf(page).getByRole('heading', { name: 'Beliebte Kategorien' })).toBeVisible();
  await expect(footerOf(page).getByText('30 Tage Rückgaberecht')).toBeVisible();
});
