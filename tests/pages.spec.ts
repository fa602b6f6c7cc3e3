import { expect, test } from '@playwright/test';
import { shops } from '../src/shared/countries.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { viewports } from './support/viewports.ts';

const pages = [
  { path: '/', lang: 'de-DE' },
  ...shops.flatMap((shop) => [
    { path: `/${shop.segment}/`, lang: shop.locale },
    { path: `/${shop.segment}/checkout/`, lang: shop.locale },
    { path: `/${shop.segment}/service/`, lang: shop.locale },
    // A stand-in for a page of the retailer's site (docs/footer.md#stand-in-pages): every shop links its privacy page.
    { path: `/${shop.segment}${shop.links.privacy}/`, lang: shop.locale },
  ]),
  // One named `*.html`, served at that very URL.
  { path: '/de/zahlungsarten-s101.html', lang: 'de-DE' },
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, lang } of pages) {
      test(`${path} is served in ${lang}, without console errors or serious axe violations`, async ({ page }) => {
        const errors = collectConsoleErrors(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1')).toHaveCount(1);
        await expectNoSeriousAxeViolations(page);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('the country chooser links to every shop, each in its own language', async ({ page }) => {
  await page.goto('/');
  for (const shop of shops) {
    const link = page.locator(`a[href="/${shop.segment}/"]`);
    await expect(link).toHaveCount(1);
    await expect(link.locator('xpath=..')).toHaveAttribute('lang', shop.locale);
  }
  await page.getByRole('link', { name: /Magyarország/ }).click();
  await expect(page).toHaveURL(/\/hu\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu-HU');
});

test('a shop page without trailing slash redirects, an unknown page gets the 404 page', async ({ page }) => {
  await page.goto('/tr');
  await expect(page).toHaveURL(/\/tr\/$/);
  const response = await page.goto('/no-such-page/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText('Seite nicht gefunden');
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/de/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('pages are sent with security headers', async ({ request }) => {
  const response = await request.get('/de/');
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
});
