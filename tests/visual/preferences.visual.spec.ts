import { expect, test, type Page } from '@playwright/test';
import { confirmationLinkFor } from '../newsletter-helpers.ts';
import { expectLooksLike } from './settle.ts';

// The preferences page as a subscriber sees it, on a phone and on a desktop, in the Hungarian shop (every personal
// field, salutation and names mandatory): loaded, saved, unsubscribed and with an invalid link. The server renders the
// page with the subscription (docs/newsletter.md#the-preferences-page), so each picture has a real one of its own,
// under an address of the same length, on the fresh database of a test run. Regenerate: npm run test:visual:update.
test.describe.configure({ timeout: 60_000 });

const SERVICE = '/service/newsletter/api/internal/newsletter-subscribers';

/** Signs `email` up in the HU shop as Anna Nagy, confirms through the mail's link and opens the preferences page. */
async function openPreferences(page: Page, baseURL: string, email: string): Promise<void> {
  const headers = { origin: new URL(baseURL).origin, 'content-type': 'application/json' };
  const signUp = await page.request.post(SERVICE, {
    headers: { ...headers, site: 'HU' },
    data: {
      email,
      salutation: 'MRS',
      firstName: 'Anna',
      lastName: 'Nagy',
      consents: [],
      origin: 'onsite',
      originAddition: 'subsite',
    },
  });
  expect(signUp.status()).toBe(201);
  const token = (await confirmationLinkFor(email)).searchParams.get('token')!;
  const confirmed = await page.request.put(`${SERVICE}/${token}/doi`, { headers });
  expect(confirmed.status(), `${email} was not signed up before on this database`).toBe(200);
  const { preferencesToken } = (await confirmed.json()) as { preferencesToken: string };
  await page.goto(`/hu/newsletter/preferences/?token=${preferencesToken}`);
  await expect(page.locator('.newsletter-preferences__form')).toBeVisible();
  // The island takes over the server's HTML: what follows uses it.
  await expect(page.locator('astro-island:has(.newsletter-preferences)')).not.toHaveAttribute('ssr');
}

for (const width of [375, 1440]) {
  test.describe(`/hu/newsletter/preferences/ at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('loaded', async ({ page, baseURL }) => {
      await openPreferences(page, baseURL!, `nagy.anna.f${width}@example.com`);
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-form`);
    });

    test('saved', async ({ page, baseURL }) => {
      await openPreferences(page, baseURL!, `nagy.anna.s${width}@example.com`);
      await page.locator('input[name="consents"]').check();
      await page.locator('.newsletter-preferences__form button[type="submit"]').click();
      await page.locator('.newsletter-preferences__form .ui-notification--success').waitFor();
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-saved`);
    });

    test('unsubscribed', async ({ page, baseURL }) => {
      await openPreferences(page, baseURL!, `nagy.anna.u${width}@example.com`);
      await page.locator('.newsletter-preferences__unsubscribe button').click();
      await page.locator('.newsletter-success').waitFor();
      // The notice took focus; its ring belongs to the keyboard moment, not to the picture.
      await page.locator('.newsletter-success').evaluate((element: HTMLElement) => element.blur());
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-unsubscribed`);
    });

    test('invalid link', async ({ page }) => {
      await page.goto('/hu/newsletter/preferences/?token=unknown');
      await page.locator('.newsletter-preferences .ui-notification--warning').waitFor();
      await expectLooksLike(page, page.locator('main'), `preferences-hu-${width}-invalid`);
    });
  });
}
