import { expect, test, type Page } from '@playwright/test';
import { expectLooksLike } from './settle.ts';

// The preferences page as a subscriber sees it, on a phone and on a desktop, in the Hungarian shop (every personal
// field, salutation and names mandatory): loaded, saved, unsubscribed and with an invalid link. The service answers
// are fixed here, so the pictures never depend on the database. Regenerate: npm run test:visual:update.
test.describe.configure({ timeout: 60_000 });

const subscriber = { email: 'nagy.anna@example.com', salutation: 'MRS', firstName: 'Anna', lastName: 'Nagy', consents: [], status: 'SUBSCRIBED' };

/** Opens the page with a token whose subscription the stand-in answers, saves and ends as told. */
async function openPreferences(page: Page): Promise<void> {
  await page.route('**/newsletter-subscribers/visual-token', async (route) => {
    const method = route.request().method();
    if (method === 'GET') return route.fulfill({ json: subscriber });
    if (method === 'PUT') return route.fulfill({ json: { ...subscriber, ...route.request().postDataJSON() } });
    return route.fulfill({ status: 204 });
  });
  await page.goto('/hu/newsletter/preferences/?token=visual-token');
  await expect(page.locator('.newsletter-preferences__form')).toBeVisible();
}

for (const width of [375, 1440]) {
  test.describe(`/hu/newsletter/preferences/ at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('loaded', async ({ page }) => {
      await openPreferences(page);
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-form`);
    });

    test('saved', async ({ page }) => {
      await openPreferences(page);
      await page.locator('input[name="consents"]').check();
      await page.locator('.newsletter-preferences__form button[type="submit"]').click();
      await page.locator('.newsletter-preferences__form .ui-notification--success').waitFor();
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-saved`);
    });

    test('unsubscribed', async ({ page }) => {
      await openPreferences(page);
      await page.locator('.newsletter-preferences__unsubscribe button').click();
      await page.locator('.newsletter-success').waitFor();
      // The notice took focus; its ring belongs to the keyboard moment, not to the picture.
      await page.locator('.newsletter-success').evaluate((element: HTMLElement) => element.blur());
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-unsubscribed`);
    });

    test('invalid link', async ({ page }) => {
      await page.goto('/hu/newsletter/preferences/?token=unknown');
      await page.locator('.newsletter-sign-up-again form').waitFor();
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-invalid`);
    });
  });
}
