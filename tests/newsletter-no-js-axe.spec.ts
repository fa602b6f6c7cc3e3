import { expect, test, type Page } from '@playwright/test';
import { shopByCode } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { confirmationLinkFor, uniqueEmail } from './newsletter-helpers.ts';

// axe on the server's answers to the plain forms (docs/newsletter.md#plain-form), rendered on a phone. axe runs as a
// script, so the page's own scripts are refused instead of switching JavaScript off: what is checked is the server HTML
// a visitor without JavaScript gets. axe's structural rules on the same answers, without a browser:
// tests/site/axeAnswers.test.ts.
test.beforeEach(async ({ page }) => {
  // Whole shop pages and an axe run for each: over 30 s on a loaded 2-core machine (CI), so every test here gets 90 s.
  test.slow();
  await page.route(/\.m?js(\?.*)?$/, (route) => route.abort('blockedbyclient'));
});

const de = translationsFor(shopByCode('DE')!.locale);

async function signUp(page: Page, path: string, email: string) {
  await page.goto(path);
  await page.locator('#newsletter input[name="newsletterEmail"]').fill(email);
  await page.locator('#newsletter button[type="submit"]').click();
}

for (const width of [375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the HU error answer and the DE success answer', async ({ page }) => {
      await signUp(page, '/hu/', uniqueEmail('axe-hu'));
      await expect(page.locator('#newsletter .ui-error-summary')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      const email = uniqueEmail('axe-de');
      await signUp(page, '/de/', email);
      await expect(page.locator('#newsletter [role="status"]')).toContainText(email);
      await expectNoSeriousAxeViolations(page);
    });

    test('the confirmation button, its outcome, the preferences page and a spent link', async ({ page }) => {
      const email = uniqueEmail('axe-confirm');
      await signUp(page, '/de/', email);
      const link = await confirmationLinkFor(email);
      await page.goto(link.pathname + link.search);
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: de('newsletter.confirm.button') }).click();
      await expect(page.getByRole('status').filter({ hasText: de('newsletter.confirm.successHeading') })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('link', { name: de('newsletter.preferences.link') }).click();
      await expect(page.locator('.newsletter-preferences__address')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: de('newsletter.confirm.button') }).click();
      await expect(page.getByRole('alert').filter({ hasText: de('newsletter.error.doiInvalid') })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}

// The preferences page's data section, its erase confirmation and the erased answer (docs/newsletter.md#subscriber-rights).
for (const width of [375, 1440]) {
  test.describe(`the data section at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('download and erase offered, the confirmation step and the erased answer', async ({ page }) => {
      const email = uniqueEmail(`axe-erase-${width}`);
      await signUp(page, '/de/', email);
      const link = await confirmationLinkFor(email);
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: de('newsletter.confirm.button') }).click();
      await page.getByRole('link', { name: de('newsletter.preferences.link') }).click();
      const data = page.getByRole('region', { name: de('newsletter.preferences.dataHeading') });
      await expect(data.getByRole('button', { name: de('newsletter.preferences.export') })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await data.getByRole('button', { name: de('newsletter.preferences.erase') }).click();
      await expect(page.getByRole('heading', { name: de('newsletter.preferences.eraseConfirmHeading') })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.getByRole('button', { name: de('newsletter.preferences.eraseConfirm') }).click();
      await expect(
        page.getByRole('status').filter({ hasText: de('newsletter.preferences.erasedHeading') }),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  });
}
