import { expect, test, type Page } from '@playwright/test';
import { answerAfter, faults, throttleToSlow3G } from './support/network.ts';
import { loginAsStaff } from './support/preview.ts';

const toggle = (page: Page) => page.getByRole('button', { name: /Preview/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Preview settings' });
const testSelect = (page: Page) => panel(page).getByLabel('A/B test', { exact: true });
const groupSelect = (page: Page) => panel(page).getByLabel('A/B test group');
const apply = (page: Page) => panel(page).getByRole('button', { name: 'Apply' });

async function openPanel(page: Page) {
  await page.goto('/de/');
  await toggle(page).click();
  await expect(panel(page).getByText('Active tests found.')).toBeVisible();
}

async function chooseTestAndGroup(page: Page) {
  await testSelect(page).selectOption('CHECKOUT_BUTTON_COLOR');
  await groupSelect(page).selectOption('GREEN');
}

test.beforeEach(async ({ page }) => {
  await loginAsStaff(page);
});

for (const [fault, answer] of Object.entries(faults)) {
  test(`when the A/B test service ${fault}, the panel says so and recovers once it is back`, async ({ page }) => {
    await openPanel(page);
    await page.route('**/gettestsat*', answer);
    await panel(page).getByLabel('Date').fill('2026-12-23');
    await expect(panel(page).getByRole('alert')).toHaveText('Failed to fetch AB tests.');
    await expect(panel(page).getByText('Loading tests...')).toHaveCount(0);

    await page.unroute('**/gettestsat*');
    await panel(page).getByLabel('Date').fill('2026-12-24');
    await expect(panel(page).getByText('Active tests found.')).toBeVisible();
  });

  // Apply reads only the response status (docs/calls.md#apply-preview), so a 2xx with a broken body is a success by
  // contract.
  if (fault === 'sends malformed JSON') continue;
  test(`when the preview service ${fault} on apply, the choice is kept and a retry succeeds`, async ({ page }) => {
    await openPanel(page);
    await chooseTestAndGroup(page);
    await page.route('**/service/preview/api/token*', answer);
    await apply(page).click();
    await expect(panel(page).getByRole('alert')).toContainText('Applying settings failed.');
    await expect(apply(page)).toBeEnabled();
    await expect(testSelect(page)).toHaveValue('CHECKOUT_BUTTON_COLOR');
    await expect(groupSelect(page)).toHaveValue('GREEN');

    await page.unroute('**/service/preview/api/token*');
    await apply(page).click();
    await expect(panel(page).getByRole('status').filter({ hasText: 'Settings applied successfully.' })).toBeVisible();
  });
}

test('an apply that gets no answer within 15 s fails clearly instead of loading forever', async ({ page }) => {
  test.setTimeout(60_000);
  await openPanel(page);
  await chooseTestAndGroup(page);
  await page.route('**/service/preview/api/token*', (route) => answerAfter(route, 17_000));
  await apply(page).click();
  await expect(panel(page).getByText('Loading...')).toBeAttached();
  await expect(panel(page).getByRole('alert')).toContainText('Applying settings failed.', { timeout: 20_000 });
  await expect(panel(page).getByText('Loading...')).toHaveCount(0);
  await expect(groupSelect(page)).toHaveValue('GREEN');
});

test('on a slow 3G connection the panel loads, lists tests and applies', async ({ page }) => {
  test.setTimeout(90_000);
  await throttleToSlow3G(page);
  await page.goto('/de/');
  await toggle(page).click({ timeout: 30_000 });
  await expect(panel(page).getByText('Active tests found.')).toBeVisible({ timeout: 30_000 });
  await chooseTestAndGroup(page);
  await apply(page).click();
  await expect(panel(page).getByRole('status').filter({ hasText: 'Settings applied successfully.' })).toBeVisible({
    timeout: 30_000,
  });
});
