import { expect, test } from '@playwright/test';
import { openSignUp } from './newsletter-helpers.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { collectRequests } from './support/preview.ts';
import { readToolConfig } from '../src/shared/config.ts';
import { REQUEST_TIMEOUT_MS } from '../src/lib/http.ts';
import { DEMO_SHOPPER } from '../server/preview/staffAccounts.ts';

const RENEW = '/service/login/api/v1/logintoken/renew';
const { SHOPPER_EMAIL, SHOPPER_PASSWORD } = readToolConfig();
const shopper = {
  username: SHOPPER_EMAIL ?? DEMO_SHOPPER.username,
  password: SHOPPER_PASSWORD ?? DEMO_SHOPPER.password,
};

test('an anonymous page asks for no renewal', async ({ page }) => {
  await page.clock.install();
  const requests = collectRequests(page);
  await page.goto('/de/');
  await page.clock.runFor(15 * 60_000);
  expect(requests.filter((url) => url.includes(RENEW))).toEqual([]);
});

test('a malformed login cookie is ignored: no script error, the sign-up works, renewal waits for a real login', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'login_token', value: '%E0', url: baseURL! }]);
  await page.clock.install();
  const errors = collectConsoleErrors(page);
  const requests = collectRequests(page);
  const section = await openSignUp(page, '/de/');
  await expect(section.getByLabel(/E-Mail/).first()).toBeEditable();
  // Still polling (every 10 s while there is no usable login cookie), yet nothing to renew.
  await page.clock.runFor(60_000);
  expect(requests.filter((url) => url.includes(RENEW) || url.includes('/customers/base-data'))).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe('a logged-in demo shopper', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await page.goto('/preview/login/');
    await page.getByLabel('User name').fill(shopper.username);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('status')).toContainText('You are logged in.');
  });

  test('renews once ren has passed, with CSRF header and token, and stops after the service says 200', async ({
    page,
    context,
  }) => {
    const requests = collectRequests(page);
    await page.goto('/de/');
    const token = (await context.cookies()).find((cookie) => cookie.name === 'login_token')!.value;
    const ren = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).ren as number;
    // Before ren: checks every 3 minutes call nothing (outcome 4).
    await page.clock.runFor(3 * 60_000);
    expect(requests.filter((url) => url.includes(RENEW))).toEqual([]);
    // Move the page's clock past ren: the next check calls the service. The service's clock did not move, so it
    // answers 200 (the token is current), outcome 1, and polling stops.
    const renewal = page.waitForRequest(`**${RENEW}`);
    await page.clock.setSystemTime(ren * 1000 + 1000);
    // Up to the next check in steps shorter than a call's time-out, and no further once the call went out: a clock
    // run past the time-out while the answer is on its way aborts the call (a fresh-clone npm test under load did).
    const wentOut = () =>
      Promise.race([
        renewal.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 250)),
      ]);
    for (let ran = 0; ran < 3 * 60_000; ran += REQUEST_TIMEOUT_MS / 2) {
      await page.clock.runFor(REQUEST_TIMEOUT_MS / 2);
      if (await wentOut()) break;
    }
    const request = await renewal;
    expect(request.method()).toBe('POST');
    expect(request.postData()).toBe('{}');
    expect(request.headers()['x-csrf-token']).toBeTruthy();
    expect(request.headers()['x-login-token']).toBe(token);
    expect((await request.response())?.status()).toBe(200);
    await page.clock.runFor(30 * 60_000);
    expect(requests.filter((url) => url.includes(RENEW))).toHaveLength(1);
  });

  test('does nothing on a smartphone platform cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'platform', value: 'SMARTPHONE', url: baseURL! }]);
    const requests = collectRequests(page);
    await page.goto('/de/');
    await page.clock.setSystemTime(Date.now() + 20 * 60_000);
    await page.clock.runFor(10 * 60_000);
    expect(requests.filter((url) => url.includes(RENEW))).toEqual([]);
  });
});

test("the page's one script (renewal, preview check, footer, island runtime) is a single file without React or schemas", async ({
  page,
  request,
}) => {
  await page.goto('/de/');
  const scripts = await page
    .locator('script[type="module"][src]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('src')!));
  expect(scripts).toHaveLength(1);
  const code = await (await request.get(scripts[0]!)).text();
  // Its bytes on the wire are budgeted in tests/budgets.spec.ts; here: nothing it waits for, nothing it must not carry.
  expect(code, 'a static import').not.toMatch(
    /(?:^|[;\s}])import\s*(?:[{*"']|[\w$]+\s+from)|\bexport\s*[{*][^;]*\bfrom\s*["']/,
  );
  expect(code, 'React').not.toMatch(/react/i);
  // The schema library's mark (the Standard Schema interface every valibot schema carries).
  expect(code, 'valibot').not.toContain('~standard');
});
