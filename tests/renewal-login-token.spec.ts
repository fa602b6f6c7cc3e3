import { expect, test, type Page } from '@playwright/test';
import { openSignUp } from './newsletter-helpers.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { collectRequests } from './support/preview.ts';
import { readToolConfig } from '../src/shared/config.ts';
import { REQUEST_TIMEOUT_MS } from '../src/lib/http.ts';
import { DEMO_SHOPPER } from '../server/preview/staffAccounts.ts';

// The login renewal in the browser (docs/calls.md#login-token-renewal), on the page's clock: nothing for anonymous
// visitors, a malformed cookie or a smartphone; one call with the CSRF header and the token once ren has passed, then
// no more. Its outcomes and intervals are unit-tested (src/lib/auth/renewal.test.ts,
// src/scripts/renewal/renewalTimer.test.ts); the page's one script that carries it in tests/site/pageScript.test.ts.
const RENEW = '/service/login/api/v1/logintoken/renew';
const { SHOPPER_EMAIL, SHOPPER_PASSWORD } = readToolConfig();
const shopper = {
  username: SHOPPER_EMAIL ?? DEMO_SHOPPER.username,
  password: SHOPPER_PASSWORD ?? DEMO_SHOPPER.password,
};

/** Counts, in the page, every renewal call its code makes (as it calls `fetch`): each count is final when read. */
async function countRenewals(page: Page): Promise<void> {
  await page.addInitScript((renew) => {
    const state = window as unknown as { renewalsCalled: number };
    state.renewalsCalled = 0;
    const pageFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === renew) state.renewalsCalled += 1;
      return pageFetch(input, init);
    };
  }, RENEW);
}
/** How many renewal calls the page's code has made so far. */
const renewalsCalled = (page: Page) =>
  page.evaluate(() => (window as unknown as { renewalsCalled: number }).renewalsCalled);

test('an anonymous page asks for no renewal', async ({ page }) => {
  await countRenewals(page);
  await page.clock.install();
  await page.goto('/de/');
  await page.clock.runFor(15 * 60_000);
  expect(await renewalsCalled(page)).toBe(0);
});

test('a malformed login cookie is ignored: no script error, the sign-up works, renewal waits for a real login', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'login_token', value: '%E0', url: baseURL! }]);
  await countRenewals(page);
  await page.clock.install();
  const errors = collectConsoleErrors(page);
  const requests = collectRequests(page);
  const section = await openSignUp(page, '/de/');
  await expect(section.getByLabel(/E-Mail/).first()).toBeEditable();
  // Still polling (every 10 s while there is no usable login cookie), yet nothing to renew.
  await page.clock.runFor(60_000);
  expect(await renewalsCalled(page)).toBe(0);
  expect(requests.filter((url) => url.includes(RENEW) || url.includes('/customers/base-data'))).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe('a logged-in demo shopper', () => {
  test.beforeEach(async ({ page }) => {
    await countRenewals(page);
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
    await page.goto('/de/');
    const token = (await context.cookies()).find((cookie) => cookie.name === 'login_token')!.value;
    const ren = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).ren as number;
    // Before ren: checks every 3 minutes call nothing (outcome 4).
    await page.clock.runFor(3 * 60_000);
    expect(await renewalsCalled(page)).toBe(0);
    // Move the page's clock past ren: the next check calls the service. The service's clock did not move, so it
    // answers 200 (the token is current), outcome 1, and polling stops.
    const renewal = page.waitForRequest(`**${RENEW}`);
    await page.clock.setSystemTime(ren * 1000 + 1000);
    // Up to the next check in steps shorter than a call's time-out, and no further once the page has made the call: a
    // clock run past the time-out while the answer is on its way aborts the call (a fresh-clone npm test under load
    // did). The page counts its own calls, so each step knows at once whether the call went out.
    for (let ran = 0; ran < 3 * 60_000; ran += REQUEST_TIMEOUT_MS / 2) {
      await page.clock.runFor(REQUEST_TIMEOUT_MS / 2);
      if (await renewalsCalled(page)) break;
    }
    expect(await renewalsCalled(page)).toBe(1);
    const request = await renewal;
    expect(request.method()).toBe('POST');
    expect(request.postData()).toBe('{}');
    expect(request.headers()['x-csrf-token']).toBeTruthy();
    expect(request.headers()['x-login-token']).toBe(token);
    expect((await request.response())?.status()).toBe(200);
    await page.clock.runFor(30 * 60_000);
    expect(await renewalsCalled(page)).toBe(1);
  });

  test('does nothing on a smartphone platform cookie', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'platform', value: 'SMARTPHONE', url: baseURL! }]);
    await page.goto('/de/');
    await page.clock.setSystemTime(Date.now() + 20 * 60_000);
    await page.clock.runFor(10 * 60_000);
    expect(await renewalsCalled(page)).toBe(0);
  });
});
