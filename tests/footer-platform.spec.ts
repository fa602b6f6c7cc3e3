import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';

const footerOf = (page: Page) => page.locator('footer[data-shop-footer]');
const columnsOfGroups = (page: Page) =>
  footerOf(page)
    .locator('.footer-service__groups > section')
    .evaluateAll((groups) => new Set(groups.map((g) => Math.round(g.getBoundingClientRect().left))).size);

for (const { width, platform } of [
  { width: 375, platform: 'MATCH' },
  { width: 1024, platform: 'TABLET' },
]) {
  test.describe(`at ${width} px (${platform})`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('service groups are collapsed panels with real disclosure buttons', async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto('/de/');
      const footer = footerOf(page);
      const toggle = footer.getByRole('button', { name: 'Rückgabe' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeHidden();
      expect(await columnsOfGroups(page)).toBe(1);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'footer');
      expect(errors).toEqual([]);
    });

    test('panels work by keyboard, and links meant for phones are shown', async ({ page }) => {
      await page.goto('/de/');
      const toggle = footerOf(page).getByRole('button', { name: 'Kontakt' });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(footerOf(page).getByRole('link', { name: 'Jetzt anrufen' })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(footerOf(page).getByRole('link', { name: 'Kontaktformular' })).toBeFocused();
      await toggle.focus();
      await page.keyboard.press('Space');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(footerOf(page).getByRole('link', { name: 'Kontaktformular' })).toBeHidden();
    });

    test('collapsed content stays findable: find-in-page opens its panel', async ({ page }) => {
      await page.goto('/de/');
      const content = footerOf(page).locator('#footer-group-3');
      await expect(content).toHaveAttribute('hidden', 'until-found');
      // What the browser does when find-in-page hits hidden=until-found content.
      await content.evaluate((element) => element.dispatchEvent(new Event('beforematch')));
      await expect(footerOf(page).getByRole('button', { name: 'Rückgabe' })).toHaveAttribute('aria-expanded', 'true');
    });
  });
}

test.describe('at 1440 px (CLASSIC)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('four columns, headings instead of toggles, and no phone-only links', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/de/');
    const footer = footerOf(page);
    expect(await columnsOfGroups(page)).toBe(4);
    await expect(footer.getByRole('button', { name: 'Rückgabe' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Rückgabe', exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Jetzt anrufen' })).toBeHidden();
    await expectNoSeriousAxeViolations(page, 'footer');
    expect(errors).toEqual([]);
  });

  test('a platform attribute on the page wins over the width', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'platform', value: 'SMARTPHONE', url: baseURL! }]);
    await page.goto('/de/');
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'SMARTPHONE');
    await expect(footerOf(page).getByRole('button', { name: 'Rückgabe' })).toHaveAttribute('aria-expanded', 'false');
    expect(await columnsOfGroups(page)).toBe(1);
  });

  test('the view changer switches to the mobile view and back, reloading the page', async ({ page }) => {
    await page.goto('/de/');
    await footerOf(page).getByRole('button', { name: 'Zur mobilen Ansicht' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'SMARTPHONE');
    await expect(footerOf(page).getByRole('button', { name: 'Rückgabe' })).toBeVisible();
    await footerOf(page).getByRole('button', { name: 'Zur Desktop-Ansicht' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-platform', 'CLASSIC');
    expect(await columnsOfGroups(page)).toBe(4);
  });

  test("no layout shift while the footer's images load", async ({ page }) => {
    await page.goto('/de/');
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 300);
        }),
    );
    expect(shift).toBeLessThan(0.01);
  });
});
