import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';

// Another shop page, outside this site but on its origin, that includes a footer fragment server-side
// (docs/footer.md#fragments). Its policy allows script and style files only: no inline code, no hashes. That every
// shop has both fragments, each with one stylesheet and only script files, is checked in tests/site/fragments.test.ts.
const hostPolicy =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; object-src 'none'";

async function openHostPage(page: Page, baseURL: string, fragment: string): Promise<string[]> {
  const html = await (await page.request.get(fragment)).text();
  const hostUrl = new URL('/embedding-host/', baseURL).href;
  await page.route(hostUrl, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': hostPolicy },
      body:
        `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>Andere Shopseite</title></head><body><main><h1>Andere Shopseite</h1><p>Inhalt einer anderen Anwendung.</p></main>${html}</body></html>`,
    }),
  );
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto(hostUrl);
  return violations;
}

test.describe('footer fragments on a host page with a strict CSP', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the full footer is styled, its panels open, the consent link and the country selector work', async ({
    page,
    baseURL,
  }) => {
    const errors = collectConsoleErrors(page);
    const violations = await openHostPage(page, baseURL!, '/fragments/de/footer.html');
    const footer = page.locator('footer[data-shop-footer]');
    // The fragment's stylesheet arrived: the footer has its surface colour and the design tokens it needs.
    await expect(footer).toHaveCSS('background-color', 'rgb(245, 243, 239)');
    const toggle = footer.getByRole('button', { name: 'Rückgabe' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();

    await footer.getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie-Einstellungen' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await expectNoSeriousAxeViolations(page, 'footer');
    // The country selector is an island: it hydrates from the fragment's script files and switches the shop.
    const island = footer.locator('astro-island[component-url*="CountrySelector"]');
    await expect(island).toHaveAttribute('ssr', '');
    const select = footer.getByRole('combobox', { name: 'Land wählen' });
    // Focus arriving is an interaction: the island loads and hydrates (Astro's runtime then drops `ssr`).
    await select.focus();
    await expect(island).not.toHaveAttribute('ssr', '');
    await select.selectOption('AT');
    await footer.getByRole('button', { name: 'Zum Shop wechseln' }).click();
    await expect(page).toHaveURL(/\/at\/$/, { timeout: 15_000 });
    expect(violations).toEqual([]);
    expect(errors.filter((error) => !error.includes('Content Security Policy'))).toEqual([]);
  });

  test('the reduced footer leaves out the full-only parts and its view changer works', async ({ page, baseURL }) => {
    const violations = await openHostPage(page, baseURL!, '/fragments/de/footer-reduced.html');
    const footer = page.locator('footer[data-shop-footer]');
    await expect(footer).toHaveAttribute('data-variant', 'reduced');
    await expect(footer.locator('[data-footer-newsletter]')).toHaveCount(0);
    await footer.getByRole('button', { name: 'Zur Desktop-Ansicht' }).click();
    await expect
      .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'platform')?.value)
      .toBe('CLASSIC');
    expect(violations).toEqual([]);
  });
});
