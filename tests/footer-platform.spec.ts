import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';

// The footer's layout per platform (docs/footer.md#platforms), in DE: collapsed panels on phones and tablets, four
// columns on desktops, the platform attribute and the view changer, no layout shift. How the script sets the panels up
// for every platform (toggles, hidden=until-found, find-in-page) is unit-tested in src/scripts/footer/panels.test.ts;
// every shop's footer content in tests/site/footer.test.ts.

const footerOf = (page: Page) => page.locator('footer[data-shop-footer]');
const columnsOfGroups = (page: Page) =>
  footerOf(page)
    .locator('.footer-service__groups > section')
    .evaluateAll((groups) => new Set(groups.map((g) => Math.round(g.getBoundingClientRect().left))).size);
const liveHeadline = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../server/seed/footer/de.json'), 'utf8'),
).headline as string;

for (const { width, platform } of [
  { width: 375, platform: 'MATCH' },
  { width: 1024, platform: 'TABLET' },
]) {
  test.describe(`at ${width} px (${platform})`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('service groups are collapsed panels with real disclosure buttons, in one column; phone links shown', async ({
      page,
    }) => {
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
      // Links meant for phones are shown below the desktop width.
      await footer.getByRole('button', { name: 'Kontakt' }).click();
      await expect(footer.getByRole('link', { name: 'Jetzt anrufen' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'footer');
      expect(errors).toEqual([]);
    });
  });
}

test.describe('at 375 px (MATCH)', () => {
  test.use({ viewport: { width: 375, height: 900 } });

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
});

test.describe('at 1440 px (CLASSIC)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('four columns, headings instead of toggles, and no phone-only links', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/de/');
    const footer = footerOf(page);
    await expect(footer.getByRole('heading', { level: 2, name: liveHeadline })).toBeVisible();
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

  test("the footer's images load, and moving nothing while they do", async ({ page }) => {
    await page.addInitScript(() => {
      const state = window as unknown as { shifts: PerformanceObserver; cls: number };
      state.cls = 0;
      state.shifts = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.cls += (entry as unknown as { value: number }).value;
      });
      state.shifts.observe({ type: 'layout-shift', buffered: true });
    });
    // The images arrive only once the footer is in view, as on a slow line: a box they had not kept would move what is
    // shown around them.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/service/footer-images/**', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/de/');
    const images = footerOf(page).locator('img');
    await images.last().scrollIntoViewIfNeeded();
    release();
    // Every one of them arrives and decodes (none broken).
    await expect
      .poll(() =>
        images.evaluateAll((imgs) =>
          imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    await expect(footerOf(page).locator('.footer-logos img').first()).toHaveJSProperty('naturalWidth', 80);
    // Two frames later the last image is laid out; shifts not yet delivered to the observer are taken from it.
    const shift = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const state = window as unknown as { shifts: PerformanceObserver; cls: number };
      const pending = state.shifts.takeRecords() as unknown as { value: number }[];
      return pending.reduce((sum, entry) => sum + entry.value, state.cls);
    });
    expect(shift).toBeLessThan(0.01);
  });
});
