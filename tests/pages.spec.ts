import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { hydrateAllIslands } from './support/hydrateAll.ts';
import { viewports } from './support/viewports.ts';

// Pages as a browser renders them, at a phone's and a desktop's width: axe on the rendered page, every island
// hydrated under the Content-Security-Policy without a violation, and no console error. One page per template, in DE;
// HU and TR for the sign-up's other rule sets (salutation and names required; names and the commercial message
// consent). What needs no browser (status, language, one h1, headers, the CSP's hashes of every inline script and
// style, axe's structural rules on every shop's pages) is checked for every shop in tests/site/.
const pages = [
  '/',
  '/de/',
  '/de/checkout/',
  '/de/service/',
  '/de/newsletter/confirm/',
  '/de/newsletter/preferences/',
  // A stand-in for a page of the retailer's site (docs/footer.md#stand-in-pages), and one named `*.html`.
  '/de/privacy/',
  '/de/zahlungsarten-s101.html',
  '/hu/',
  '/tr/',
];

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        const violations: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = violations;
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`),
        );
      });
    });

    for (const path of pages) {
      test(`${path}: axe-clean, every island hydrates under the CSP, no console error`, async ({ page }) => {
        const errors = collectConsoleErrors(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expectNoSeriousAxeViolations(page);
        await hydrateAllIslands(page);
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}

test('the country chooser leads to a shop in its language', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /Magyarország/ }).click();
  await expect(page).toHaveURL(/\/hu\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hu-HU');
});

test('the skip link moves keyboard focus to the main content', async ({ page }) => {
  await page.goto('/de/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
