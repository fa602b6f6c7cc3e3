import { expect, test } from '@playwright/test';

// The footer as a browser without JavaScript shows it (docs/footer.md#panels). Every shop's footer
// content, facts, links, images, country list and its script are checked in the built release
// (tests/site/footer.test.ts); the rendered footer's accessibility and console at each platform in
// tests/footer-platform.spec.ts.

test.describe('the footer without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test('shows every panel expanded, the country list as links and the consent link to the privacy page', async ({
    page,
  }) => {
    await page.goto('/de/');
    const footer = page.locator('footer[data-shop-footer]');
    await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Kaffee', exact: true })).toBeVisible();
    // Without JavaScript the panels are plain content: no disclosure buttons (the sign-up form's submit aside).
    await expect(footer.getByRole('button').and(footer.locator(':not([data-footer-newsletter] *)'))).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Cookie-Einstellungen' })).toHaveAttribute('href', '/de/privacy');
    await footer.getByText('Land wechseln').click();
    await footer.getByRole('link', { name: 'Österreich' }).click();
    await expect(page).toHaveURL(/\/at\/$/);
  });
});
