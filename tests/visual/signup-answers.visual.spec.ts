import { test } from '@playwright/test';
import { expectLooksLike } from './settle.ts';

// The server's answers to the plain sign-up form (docs/newsletter.md#plain-form), as a visitor without JavaScript sees
// them, on a phone and on a desktop: HU with the error summary, DE with the success message. Regenerate:
// npm run test:visual:update.
test.describe.configure({ timeout: 60_000 });
test.use({ javaScriptEnabled: false });

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('HU: the answer with the error summary, the values kept', async ({ page }) => {
      await page.goto('/hu/');
      const section = page.locator('#newsletter');
      await section.locator('input[name="newsletterEmail"]').fill('anna.kovacs@example.com');
      await section.locator('input[name="firstName"]').fill('Anna');
      await section.locator('button[type="submit"]').click();
      await section.locator('.ui-error-summary').waitFor();
      await expectLooksLike(page, section, `signup-answer-hu-${width}-error`);
    });

    test('DE: the answer after the redirect, with the success message', async ({ page }) => {
      await page.goto('/de/');
      const section = page.locator('#newsletter');
      await section.locator('input[name="newsletterEmail"]').fill(`anna.muster.${width}@example.com`);
      await section.locator('button[type="submit"]').click();
      await section.locator('.newsletter-success').waitFor();
      await expectLooksLike(page, section, `signup-answer-de-${width}-success`);
    });
  });
}
