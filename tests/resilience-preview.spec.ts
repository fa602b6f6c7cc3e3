import { expect, test, type Page } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from '../src/lib/http.ts';
import { faults, throttleToSlow3G } from './support/network.ts';
import { loginAsStaff } from './support/preview.ts';
import { pauseClock } from './support/clock.ts';

// The staff panel when a service fails, in the browser (docs/errors.md): one failure of each call as the page meets it,
// the 15 s time-out on the page's clock, and a slow connection. Every other kind of failure of both calls (500, 429,
// no connection, malformed JSON; 2xx with a broken body on apply) is component-tested where the panel decides it:
// src/islands/preview/PreviewPanelFaults.test.tsx.

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

test('when the A/B test service refuses the connection, the panel says so and recovers once it is back', async ({
  page,
}) => {
  await openPanel(page);
  await page.route('**/gettestsat*', faults['refuses the connection']!);
  await panel(page).getByLabel('Date').fill('2026-12-23');
  await expect(panel(page).getByRole('alert')).toHaveText('Failed to fetch AB tests.');
  await expect(panel(page).getByText('Loading tests...')).toHaveCount(0);

  await page.unroute('**/gettestsat*');
  await panel(page).getByLabel('Date').fill('2026-12-24');
  await expect(panel(page).getByText('Active tests found.')).toBeVisible();
});

test('when the preview service answers 500 on apply, the choice is kept and a retry succeeds', async ({ page }) => {
  await openPanel(page);
  await chooseTestAndGroup(page);
  await page.route('**/service/preview/api/token*', faults['answers 500']!);
  await apply(page).click();
  await expect(panel(page).getByRole('alert')).toContainText('Applying settings failed.');
  await expect(apply(page)).toBeEnabled();
  await expect(testSelect(page)).toHaveValue('CHECKOUT_BUTTON_COLOR');
  await expect(groupSelect(page)).toHaveValue('GREEN');

  await page.unroute('**/service/preview/api/token*');
  await apply(page).click();
  await expect(panel(page).getByRole('status').filter({ hasText: 'Settings applied successfully.' })).toBeVisible();
});

test(`an apply that gets no answer within ${REQUEST_TIMEOUT_MS / 1000} s fails clearly instead of loading forever`, async ({
  page,
}) => {
  // The page's clock (its timers and AbortSignal.timeout) is moved on, instead of waiting the time out.
  await page.clock.install();
  await openPanel(page);
  await chooseTestAndGroup(page);
  // The service never answers: the request is held until the page gives up on it.
  await page.route('**/service/preview/api/token*', () => {});
  await pauseClock(page);
  await apply(page).click();
  await expect(panel(page).getByText('Loading...')).toBeAttached();
  await page.clock.runFor(REQUEST_TIMEOUT_MS - 1_000);
  await expect(panel(page).getByText('Loading...')).toBeAttached();
  await page.clock.runFor(1_000);
  await expect(panel(page).getByRole('alert')).toContainText('Applying settings failed.');
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
