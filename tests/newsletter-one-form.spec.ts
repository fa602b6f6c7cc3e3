import { expect, test } from '@playwright/test';
import { shops } from '../src/shared/countries.ts';

// Pages that carry the sign-up section say so, and the footer leaves its own sign-up out: a shopper sees one form.
// See docs/footer.md.
test.use({ viewport: { width: 1440, height: 900 } });

for (const shop of shops) {
  test(`the ${shop.segment} shop page shows one sign-up form, the page's own`, async ({ page }) => {
    await page.goto(`/${shop.segment}/`);
    await expect(page.locator('#newsletter')).toHaveCount(1);
    await expect(page.locator('.newsletter-section')).toHaveCount(1);
    await expect(page.locator('footer [data-footer-newsletter]')).toHaveCount(0);
  });
}

test("a content page without a sign-up section carries the footer's", async ({ page }) => {
  await page.goto('/de/service/');
  await expect(page.locator('.newsletter-section')).toHaveCount(1);
  await expect(page.locator('footer [data-footer-newsletter] .newsletter-section')).toHaveCount(1);
});

test('checkout, the confirmation and the preferences page keep their footers without a sign-up form', async ({
  page,
}) => {
  for (const path of ['/de/checkout/', '/de/newsletter/confirm/', '/de/newsletter/preferences/']) {
    await page.goto(path);
    await expect(page.locator('footer[data-shop-footer]')).toHaveCount(1);
    await expect(page.locator('footer [data-footer-newsletter]')).toHaveCount(0);
  }
});
