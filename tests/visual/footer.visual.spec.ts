import { test } from '@playwright/test';
import { expectLooksLike } from './settle.ts';

// The footer at each platform (collapsed panels on MATCH and TABLET, four columns on CLASSIC), in the German and the
// Turkish shop, and the reduced footer of the checkout. The platform is forced through the cookie the view changer
// sets, so the width alone does not decide it. Regenerate: npm run test:visual:update.
test.describe.configure({ timeout: 60_000 });

const platforms = [
  { platform: 'MATCH', width: 375 },
  { platform: 'TABLET', width: 1024 },
  { platform: 'CLASSIC', width: 1440 },
];

for (const segment of ['de', 'tr']) {
  for (const { platform, width } of platforms) {
    test.describe(`/${segment}/ footer on ${platform}`, () => {
      test.use({ viewport: { width, height: 900 } });

      test(`footer ${platform}`, async ({ page, context, baseURL }) => {
        await context.addCookies([{ name: 'platform', value: platform, url: baseURL! }]);
        await page.goto(`/${segment}/`);
        await page.locator('footer[data-shop-footer][data-panels-ready]').waitFor();
        await expectLooksLike(
          page,
          page.locator('footer[data-shop-footer]'),
          `footer-${segment}-${platform.toLowerCase()}-${width}`,
        );
      });
    });
  }
}

for (const width of [375, 1440]) {
  test.describe(`checkout at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('reduced footer', async ({ page }) => {
      await page.goto('/de/checkout/');
      const footer = page.locator('footer[data-shop-footer]');
      await expectLooksLike(page, footer, `footer-de-reduced-${width}`);
    });
  });
}
