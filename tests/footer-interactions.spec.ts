import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';

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

  test('calls a consent manager present on the page instead', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { consentManager: unknown }).consentManager = {
        showSettings: () => {
          document.title = 'CMP opened';
        },
      };
    });
    await page.goto('/de/');
    await footerOf(page).getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    await expect(page).toHaveTitle('CMP opened');
    await expect(page.getByRole('dialog')).toBeHidden();
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
    await expect(select.locator('option')).toHaveCount(34);
    await expect(select.locator('option[value="AT"]')).toHaveText(/Autriche/);
    await select.selectOption('HU');
    await footerOf(page).getByRole('button', { name: 'Aller à la boutique' }).click();
    await expect(page).toHaveURL(/\/hu\/$/, { timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'hu-HU');
    expect(errors).toEqual([]);
  });

  test('countries without a shop of their own go to the international site', async ({ page }) => {
    await page.route('https://international.aroma.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>International</title>' }),
    );
    await page.goto('/pl/');
    await footerOf(page).locator('.footer-country').scrollIntoViewIfNeeded();
    await footerOf(page).getByRole('combobox', { name: 'Wybierz kraj' }).selectOption('FR');
    await footerOf(page).getByRole('button', { name: 'Przejdź do sklepu' }).click();
    await expect(page).toHaveURL('https://international.aroma.example/?country=fr', { timeout: 15_000 });
  });
});

test.describe('newsletter in the footer', () => {
  // The home page has its own sign-up section and hides the footer's; a content page carries the footer's.
  const servicePage = '/de/service/';
  const psdata = '**/service/customerfrontenddata/api/v1/psdata';
  const loggedIn = async (page: Page, baseURL: string) =>
    page.context().addCookies([{ name: 'login_token', value: 'a.b.c', url: baseURL }]);

  for (const status of ['SUBSCRIBED', 'WAITING_FOR_DOI']) {
    test(`is hidden when psdata reports ${status}`, async ({ page, baseURL }) => {
      await loggedIn(page, baseURL!);
      const requests: Record<string, string>[] = [];
      await page.route(psdata, (route) => {
        requests.push(route.request().headers());
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ nl_status: status }),
        });
      });
      await page.goto(servicePage);
      await expect(footerOf(page).locator('[data-footer-newsletter]')).toBeHidden();
      expect(requests).toHaveLength(1);
      const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value;
      expect(requests[0]?.['x-csrf-token']).toBe(csrf);
    });
  }

  for (const answer of [
    { status: 200, body: { nl_status: null } },
    { status: 404, body: {} },
    { status: 500, body: {} },
  ]) {
    test(`stays when psdata answers ${answer.status} ${JSON.stringify(answer.body)}`, async ({ page, baseURL }) => {
      await loggedIn(page, baseURL!);
      let asked = false;
      await page.route(psdata, (route) => {
        asked = true;
        return route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          body: JSON.stringify(answer.body),
        });
      });
      await page.goto(servicePage);
      // The footer's script asks once the page is idle after load, which may come after the network went quiet.
      await expect.poll(() => asked).toBe(true);
      await expect(footerOf(page).locator('[data-footer-newsletter]')).not.toHaveAttribute('hidden', '');
    });
  }

  test('an anonymous visitor is not asked about at all', async ({ page }) => {
    let asked = false;
    await page.route(psdata, (route) => {
      asked = true;
      return route.fulfill({ status: 200, body: '{"nl_status":"SUBSCRIBED"}' });
    });
    await page.goto(servicePage);
    await page.waitForLoadState('networkidle');
    expect(asked).toBe(false);
    await expect(footerOf(page).locator('[data-footer-newsletter]')).not.toHaveAttribute('hidden', '');
  });
});

test('the back-to-top link returns to the top of the page', async ({ page }) => {
  await page.goto('/de/');
  await footerOf(page).getByRole('link', { name: 'Nach oben' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
