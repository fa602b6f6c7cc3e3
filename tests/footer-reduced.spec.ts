import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';

test.use({ viewport: { width: 1440, height: 900 } });
const footerOf = (page: Page) => page.locator('footer[data-shop-footer]');

test('the checkout page has the reduced footer without checkout-hidden groups', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/de/checkout/');
  const footer = footerOf(page);
  await expect(footer).toHaveAttribute('data-variant', 'reduced');
  await expect(footer.locator('[data-footer-newsletter]')).toHaveCount(0);
  await expect(footer.getByRole('heading', { name: 'Beliebte Kategorien' })).toHaveCount(0);
  await expect(footer.getByRole('heading', { name: 'Folgen Sie uns' })).toHaveCount(0);
  await expect(footer.getByText('30 Tage Rückgaberecht')).toHaveCount(0);
  // Service groups stay, except those marked hideGroupInCheckout (pickup, loyalty card, other services, company).
  await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();
  for (const hidden of ['Kundenkarte', 'Über Aroma', 'Weitere Services', 'Abholung in der Filiale']) {
    await expect(footer.getByRole('heading', { name: hidden })).toHaveCount(0);
  }
  await expect(footer.getByRole('navigation')).toContainText('Impressum');
  await expect(footer).toContainText('Alle Preise inkl. gesetzl. MwSt.');
  await expectNoSeriousAxeViolations(page, 'footer');
  expect(errors).toEqual([]);
});

for (const cookie of [
  { name: 'affiliateNumber', value: '4711' },
  { name: 'xc-app', value: 'new' },
]) {
  test(`a ${cookie.name}=${cookie.value} cookie forces the reduced footer before first paint`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ ...cookie, url: baseURL! }]);
    // Record, at the first frame, whether the attribute is already there and the newsletter area already hidden.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        const newsletter = document.querySelector('[data-footer-newsletter]');
        (window as unknown as { firstFrame: unknown }).firstFrame = {
          reduced: document.documentElement.hasAttribute('data-footer-reduced'),
          footerParsed: document.querySelector('[data-shop-footer]') !== null,
          newsletterDisplay: newsletter ? getComputedStyle(newsletter).display : 'missing',
        };
      });
    });
    // A content page: its full footer carries a sign-up form (the home page's footer leaves it out).
    await page.goto('/de/service/');
    // At the first frame the attribute is set; the newsletter area is hidden or not even parsed yet: never painted.
    const firstFrame = await page.evaluate(
      () =>
        (window as unknown as { firstFrame: { reduced: boolean; footerParsed: boolean; newsletterDisplay: string } })
          .firstFrame,
    );
    // The script opens <body> (after the CSP meta), so a frame may come before it ran, but never with a footer in it.
    expect(firstFrame.reduced || !firstFrame.footerParsed).toBe(true);
    if (firstFrame.footerParsed) expect(firstFrame.newsletterDisplay).toBe('none');
    await expect(page.locator('[data-footer-newsletter]')).toBeHidden();
    const footer = footerOf(page);
    await expect(footer.getByRole('heading', { name: 'Beliebte Kategorien' })).toBeHidden();
    await expect(footer.getByRole('heading', { name: 'Folgen Sie uns' })).toBeHidden();
    await expect(footer.getByText('30 Tage Rückgaberecht')).toBeHidden();
    await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();
  });
}

test('without such a cookie the shop page has the full footer', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'other', value: 'affiliate', url: baseURL! }]);
  await page.goto('/de/service/');
  await expect(page.locator('html')).not.toHaveAttribute('data-footer-reduced', '');
  await expect(page.locator('[data-footer-newsletter]')).toBeVisible();
  await expect(footerOf(page).getByRole('heading', { name: 'Beliebte Kategorien' })).toBeVisible();
  await expect(footerOf(page).getByText('30 Tage Rückgaberecht')).toBeVisible();
});
