import { test } from '@playwright/test';
import { openSignUp } from '../newsletter-helpers.ts';
import { expectLooksLike } from './settle.ts';

// The sign-up section as shoppers see it, on a phone and on a desktop, in the German and the Turkish shop:
// the form, the success message and the field errors after an empty submit. Regenerate: npm run test:visual:update.
test.describe.configure({ timeout: 60_000 });

for (const segment of ['de', 'tr']) {
  for (const width of [375, 1440]) {
    test.describe(`/${segment}/ at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });

      test('sign-up form', async ({ page }) => {
        const section = await openSignUp(page, `/${segment}/`);
        await expectLooksLike(page, section, `signup-${segment}-${width}-form`);
      });

      test('sign-up errors after an empty submit', async ({ page }) => {
        const section = await openSignUp(page, `/${segment}/`);
        await section.locator('button[type="submit"]').click();
        await section.locator('[aria-invalid="true"]').first().waitFor();
        await expectLooksLike(page, section, `signup-${segment}-${width}-error`);
      });

      test('sign-up success message', async ({ page }) => {
        await page.route('**/newsletter-subscribers', (route) => route.fulfill({ status: 201 }));
        const section = await openSignUp(page, `/${segment}/`);
        await section.locator('input[name="newsletterEmail"]').fill('anna.muster@example.com');
        for (const box of await section.locator('input[type="checkbox"][required]').all()) await box.check();
        for (const name of await section
          .locator('input[required]:not([type="checkbox"]):not([name="newsletterEmail"])')
          .all()) {
          await name.fill('Anna');
        }
        for (const select of await section.locator('select[required]').all()) await select.selectOption('MRS');
        await section.locator('button[type="submit"]').click();
        await section.locator('.newsletter-success').waitFor();
        await expectLooksLike(page, section, `signup-${segment}-${width}-success`);
      });
    });
  }
}
