import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { assetsOf, collectRequests, loginAsStaff, previewPanelAssets } from './support/preview.ts';

// The staff preview panel in the browser (docs/preview.md#panel): loaded only for staff, after the check, as its own
// chunk; opened, used and closed by keyboard; its states, the apply that reloads into the preview, logout, the login
// renewal on the page's clock, and axe on the open panel. What the panel decides is component-tested
// (src/islands/preview/PreviewPanel.test.tsx: no group without a test, a test without group is not applied and focuses
// the group, a refused apply; PreviewPanelFaults.test.tsx: every kind of failure of both calls).

const toggle = (page: Page) => page.getByRole('button', { name: /Preview/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Preview settings' });

async function openPanel(page: Page) {
  await page.goto('/de/');
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page)).toBeVisible();
}

test.describe('anonymous shoppers', () => {
  test('make no preview request and load none of the assets staff get', async ({ page, browser }) => {
    const requests = collectRequests(page);
    await page.goto('/de/');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((url) => /\/preview\/|\/_preview\//.test(new URL(url).pathname))).toEqual([]);
    expect(requests.filter((url) => /startPreview|panelAssets/.test(url))).toEqual([]);
    await expect(toggle(page)).toHaveCount(0);

    // The same page for staff: everything it loads beyond the shopper's assets is preview code, and there is some.
    const staff = await browser.newPage();
    await loginAsStaff(staff);
    const staffRequests = collectRequests(staff);
    await staff.goto('/de/');
    await expect(toggle(staff)).toBeVisible();
    const previewOnly = assetsOf(staffRequests).filter((url) => !requests.includes(url));
    expect(previewOnly.some((url) => url.endsWith('.js'))).toBe(true);
    expect(previewOnly.some((url) => url.endsWith('.css'))).toBe(true);
    await staff.close();
  });

  test('with a forged StaffAuthToken cookie get a refused check and still no panel code', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    await context.addCookies([{ name: 'StaffAuthToken', value: '1', url: baseURL! }]);
    const requests = collectRequests(page);
    const check = page.waitForResponse('**/service/preview/api/auth/checkauth');
    await page.goto('/de/');
    expect((await check).status()).toBe(401);
    await page.waitForLoadState('networkidle');
    const panelAssets = await previewPanelAssets(request, baseURL!);
    expect(panelAssets.length).toBeGreaterThan(0);
    expect(requests.filter((url) => url.includes('/preview/panel') || panelAssets.includes(url))).toEqual([]);
    await expect(toggle(page)).toHaveCount(0);
  });
});

test.describe('staff', () => {
  // The preview render writes the moment in the shop's time zone; staff enter it in theirs.
  test.use({ timezoneId: 'Europe/Berlin' });
  test.beforeEach(async ({ page }) => {
    await loginAsStaff(page);
  });

  test("at 375 px the toggle takes a row of its own and covers none of the sign-up's controls", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/hu/');
    await expect(toggle(page)).toBeVisible();
    await expect(page.locator('.preview-panel')).toHaveCSS('position', 'static');
    const form = page.locator('#newsletter form');
    for (const control of await form
      .locator('input:not([type="hidden"]):not([tabindex="-1"]), button, select, a')
      .all()) {
      if (!(await control.isVisible())) continue;
      await control.scrollIntoViewIfNeeded();
      // Whatever is on top at the control's four corners and centre is the control itself (or inside it).
      const covered = await control.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const points = [
          [box.left + 1, box.top + 1],
          [box.right - 1, box.top + 1],
          [box.left + 1, box.bottom - 1],
          [box.right - 1, box.bottom - 1],
          [box.left + box.width / 2, box.top + box.height / 2],
        ];
        return points.some(([x, y]) => {
          const top = document.elementFromPoint(x!, y!);
          return (
            top !== null &&
            top !== element &&
            !element.contains(top) &&
            !top.contains(element) &&
            top.closest('.preview-panel') !== null
          );
        });
      });
      expect(covered, await control.evaluate((element) => element.outerHTML.slice(0, 80))).toBe(false);
    }
    // And scrolled to the very end of the page too: the toggle stays where it is, at the top.
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    const button = form.getByRole('button', { name: 'Feliratkozom' });
    await button.scrollIntoViewIfNeeded();
    const [buttonBox, toggleBox] = [await button.boundingBox(), await toggle(page).boundingBox()];
    expect(buttonBox!.y >= toggleBox!.y + toggleBox!.height || buttonBox!.y + buttonBox!.height <= toggleBox!.y).toBe(
      true,
    );
  });

  test('see the panel, loaded as its own chunk after checkauth, closed until toggled', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const requests = collectRequests(page);
    await page.goto('/de/');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(panel(page)).toBeHidden();
    // checkauth first; only then the panel's manifest, its stylesheets and its script.
    const check = requests.findIndex((url) => url.includes('/service/preview/api/auth/checkauth'));
    const manifest = requests.findIndex((url) => url.endsWith('/preview/panel-manifest.json'));
    expect(check).toBeGreaterThanOrEqual(0);
    expect(manifest).toBeGreaterThan(check);
    expect(assetsOf(requests.slice(manifest)).length).toBeGreaterThanOrEqual(2);
    // Styled: the panel sits fixed in its corner, not as a bare form under the footer.
    await expect(page.locator('.preview-panel')).toHaveCSS('position', 'fixed');
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page).getByLabel('Date')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('see tests loading, found, absent and failing for the chosen date', async ({ page }) => {
    // Held from before the request, so that a request reaching the route late is still let go.
    let releaseTests: () => void = () => {};
    const testsHeld = new Promise<void>((resolve) => (releaseTests = resolve));
    await page.route('**/gettestsat*', async (route) => {
      await testsHeld;
      await route.continue();
    });
    await openPanel(page);
    await expect(panel(page).getByText('Loading tests...')).toBeVisible();
    releaseTests();
    await expect(panel(page).getByText('Active tests found.')).toBeVisible();
    await page.unroute('**/gettestsat*');

    await panel(page).getByLabel('Date').fill('2020-01-01');
    await expect(panel(page).getByText('No active tests for this date.')).toBeVisible();
    await expect(panel(page).getByLabel('A/B test', { exact: true }).locator('option')).toHaveText(['No A/B test']);

    await page.route('**/gettestsat*', (route) => route.fulfill({ status: 500, body: 'down' }));
    await panel(page).getByLabel('Date').fill('2026-12-24');
    await expect(panel(page).getByRole('alert')).toHaveText('Failed to fetch AB tests.');
  });

  test('apply a date, time, test and group: Loading..., success, and the reloaded page shows the active preview', async ({
    page,
  }) => {
    // The apply call is held until the test has seen "Loading...", then let go. The hold exists before the request
    // does: on a loaded machine the request may reach the route after "Loading..." shows.
    let releaseApply: () => void = () => {};
    const applyHeld = new Promise<void>((resolve) => (releaseApply = resolve));
    const applied: string[] = [];
    await page.route('**/service/preview/api/token*', async (route) => {
      applied.push(route.request().url());
      await applyHeld;
      await route.continue();
    });
    await openPanel(page);
    await panel(page).getByLabel('Date').fill('2026-12-24');
    await panel(page).getByLabel('Time').fill('18:30');
    await expect(panel(page).getByText('Active tests found.')).toBeVisible();
    await panel(page).getByLabel('A/B test', { exact: true }).selectOption('CHECKOUT_BUTTON_COLOR');
    await panel(page).getByLabel('A/B test group').selectOption('GREEN');
    await panel(page).getByRole('button', { name: 'Apply' }).click();
    await expect(panel(page).getByText('Loading...')).toBeAttached();
    releaseApply();
    // The notice shows, then Apply reloads the page, which shows it again: on a loaded machine the wait spans the reload.
    await expect(panel(page).getByRole('status').filter({ hasText: 'Settings applied successfully.' })).toBeVisible({
      timeout: 15_000,
    });
    const query = new URL(applied[0]!).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      test: 'CHECKOUT_BUTTON_COLOR',
      group: 'GREEN',
      // 18:30 in Berlin, the browser's time zone here.
      previewDateTime: '2026-12-24T17:30:00.000Z',
    });
    // Apply reloads the page: a preview render, whose indicator names the moment and the group.
    const indicator = page.locator('[data-preview-indicator]');
    await expect(indicator).toContainText('Preview · 24.12.2026, 18:30 · CHECKOUT_BUTTON_COLOR / GREEN');
    await expect(panel(page).getByRole('status').filter({ hasText: 'Settings applied successfully.' })).toBeVisible();

    // The preview state lives in the session: a new page shows it again, fields included.
    await page.goto('/at/');
    await expect(indicator).toContainText('Preview · 24.12.2026, 18:30 · CHECKOUT_BUTTON_COLOR / GREEN');
    await indicator.getByRole('button', { name: 'Preview settings' }).click();
    await expect(panel(page).getByLabel('A/B test group')).toHaveValue('GREEN');
  });

  test('logout removes the panel and ends the session', async ({ page }) => {
    await openPanel(page);
    const logout = page.waitForResponse('**/service/preview/api/auth/logout');
    await panel(page).getByRole('button', { name: 'Logout' }).click();
    await logout;
    await expect(toggle(page)).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(toggle(page)).toHaveCount(0);
  });

  test('the panel renews the preview login every 300000 ms', async ({ page }) => {
    await page.clock.install();
    const renewals = collectRequests(page);
    await page.goto('/de/');
    await expect(toggle(page)).toBeVisible();
    const count = () => renewals.filter((url) => url.includes('/service/preview/api/auth/login/renew')).length;
    await page.clock.runFor(299_000);
    expect(count()).toBe(0);
    const renewed = page.waitForResponse('**/service/preview/api/auth/login/renew');
    await page.clock.runFor(1_000);
    expect((await renewed).status()).toBe(200);
    await page.clock.runFor(300_000);
    await expect.poll(count).toBe(2);
  });

  for (const width of [375, 1440]) {
    test(`axe finds nothing serious with the panel open at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openPanel(page);
      await expect(panel(page).getByText('Active tests found.')).toBeVisible();
      await panel(page).getByLabel('A/B test', { exact: true }).selectOption('CHECKOUT_BUTTON_COLOR');
      await panel(page).getByRole('button', { name: 'Apply' }).click();
      await expect(panel(page).getByRole('alert')).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  }
});
