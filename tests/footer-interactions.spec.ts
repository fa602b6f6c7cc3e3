import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';

// The footer's interactions in DE (CH-FR for the country selector): the consent dialog, the country switch, the
// sign-up hidden for a subscriber, back to top. What each decides is unit-tested where it is decided: the consent
// manager's precedence (src/scripts/footer/consent.test.ts), the international site for countries without a shop
// (src/islands/CountrySelector.test.tsx), psdata's every answer (src/scripts/footer/newsletterVisibility.test.ts);
// every shop's country list in tests/site/footer.test.ts.
test.use({ viewport: { width: 1440, height: 900 } });
const footerOf = (page: Page) => page.locator('footer[data-shop-footer]');

test.describe('consent management link', () => {
  test("opens the product's own dialog: focus inside, trapped, Escape closes and returns focus", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/de/');
    const link = footerOf(page).getByRole('link', { name: 'Cookie-Einstellungen' });
    await link.click();
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/de\/$/);
    await expectNoSeriousAxeViolations(page, '[data-consent-dialog]');
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('saves the choice and shows it again next time', async ({ page, context }) => {
    await page.goto('/de/');
    await footerOf(page).getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('checkbox', { name: 'Notwendig (immer aktiv)' })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Statistik' }).check();
    await dialog.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect(dialog).toBeHidden();
    // Chromium hands a script's cookie to its cookie store asynchronously: ask until it is there (once failed under load).
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'consent_choices')?.value)
      .toBe('statistics');
    await page.reload();
    await footerOf(page).getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'Statistik' })).toBeChecked();
    await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  });
});

test.describe('country selector', () => {
  test('switches the browser to the chosen shop', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/ch-fr/');
    // The select works before the island hydrates; the click on the button loads and hydrates it, then switches.
    await footerOf(page).locator('.footer-country').scrollIntoViewIfNeeded();
    const select = footerOf(page).getByRole('combobox', { name: 'Choisir le pays' });
    await expect(select).toHaveValue('CH');
    await select.selectOption('HU');
    await footerOf(page).getByRole('button', { name: 'Aller à la boutique' }).click();
    await expect(page).toHaveURL(/\/hu\/$/, { timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'hu-HU');
    expect(errors).toEqual([]);
  });
});

test.describe('newsletter in the footer', () => {
  // The home page has its own sign-up section and hides the footer's; a content page carries the footer's.
  const servicePage = '/de/service/';
  const psdata = '**/service/customerfrontenddata/api/v1/psdata';
  const loggedIn = async (page: Page, baseURL: string) =>
    page.context().addCookies([{ name: 'login_token', value: 'a.b.c', url: baseURL }]);

  test('is hidden when psdata reports SUBSCRIBED, asked once with the CSRF token', async ({ page, baseURL }) => {
    await loggedIn(page, baseURL!);
    const requests: Record<string, string>[] = [];
    await page.route(psdata, (route) => {
      requests.push(route.request().headers());
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ nl_status: 'SUBSCRIBED' }),
      });
    });
    await page.goto(servicePage);
    await expect(footerOf(page).locator('[data-footer-newsletter]')).toBeHidden();
    expect(requests).toHaveLength(1);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value;
    expect(requests[0]?.['x-csrf-token']).toBe(csrf);
  });
});

test('the back-to-top link returns to the top of the page', async ({ page }) => {
  await page.goto('/de/');
  await footerOf(page).getByRole('link', { name: 'Nach oben' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
