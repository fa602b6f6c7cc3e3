import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { staffCredentials } from './support/preview.ts';

test('staff log in through the login page and then see the preview panel on a shop page', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/preview/login/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const login = page.waitForRequest('**/service/login/api/v1/login');
  await page.getByLabel('User name').fill(staffCredentials.username);
  await page.getByLabel('Password').fill(staffCredentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  const request = await login;
  expect(request.headers()['content-type']).toBe('application/json');
  expect(request.headers()['x-csrf-token']).toBeTruthy();
  await expect(page.getByRole('status')).toContainText('You are logged in.');
  await page.getByRole('link', { name: 'Go to the German shop' }).click();
  await expect(page.getByRole('button', { name: /Preview/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('empty fields are named, a wrong password says UNAUTHORIZED clearly and keeps what was typed', async ({
  page,
}) => {
  await page.goto('/preview/login/');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('User name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('User name')).toHaveAccessibleDescription('Please enter your user name.');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Please enter your password.');
  await expect(page.getByLabel('User name')).toBeFocused();

  await page.getByLabel('User name').fill(staffCredentials.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/user name or the password is not correct/);
  await expect(page.getByLabel('User name')).toHaveValue(staffCredentials.username);
  await expect(page.getByLabel('User name')).not.toHaveAttribute('aria-invalid');
  await expectNoSeriousAxeViolations(page);
});

test('a login service that is down or unreachable gives SERVICE_UNAVAILABLE as a clear message', async ({ page }) => {
  await page.route('**/service/login/api/v1/login', (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/preview/login/');
  await page.getByLabel('User name').fill('staff');
  await page.getByLabel('Password').fill('x');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/login service is not available/);
  await page.route('**/service/login/api/v1/login', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/login service is not available/);
});

test.describe('before its script runs (JavaScript off)', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts the password in the body, never in a URL, and the service refuses it unread', async ({
    page,
    context,
  }) => {
    const password = 'never-in-a-url-4410';
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.goto('/preview/login/');
    await page.getByLabel('User name').fill(staffCredentials.username);
    await page.getByLabel('Password').fill(password);
    const sent = page.waitForRequest((request) => request.isNavigationRequest() && request.url() !== page.url());
    await page.getByRole('button', { name: 'Log in' }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(new URL(request.url()).pathname).toBe('/service/login/api/v1/login');
    // A plain form can send neither JSON nor the CSRF header: the service refuses it unread (415, a write that is
    // not JSON) and logs nobody in.
    expect((await request.response())?.status()).toBe(415);
    expect(urls.filter((url) => url.includes(password))).toEqual([]);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('preview_session');
  });
});
