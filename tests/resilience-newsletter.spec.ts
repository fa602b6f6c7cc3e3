import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { openSignUp, uniqueEmail } from './newsletter-helpers.ts';
import { REQUEST_TIMEOUT_MS } from '../src/lib/http.ts';
import { faults, throttleToSlow3G } from './support/network.ts';
import { pauseClock } from './support/clock.ts';

const signUpUrl = '**/service/newsletter/api/internal/newsletter-subscribers';
const genericError = 'Aus technischen Gründen';

// What the form shows when the service fails, in a browser: an error answer and no answer at all. Every kind of
// failure (429, a cut-off body, a refused connection, a time-out) is mapped to the generic error in
// src/lib/newsletter/newsletterClient.test.ts, and the form keeps what was typed in src/islands/NewsletterSignup.test.tsx.
const signUpFaults: Record<string, (route: Route) => Promise<void>> = {
  'answers 500': faults['answers 500']!,
  'refuses the connection': faults['refuses the connection']!,
};

async function fillAustrianForm(section: Locator, email: string) {
  await section.getByLabel('E-Mail-Adresse').fill(email);
  await section.getByLabel('Vorname').fill('Jürgen');
  await section.getByLabel('Nachname').fill('Öllinger-Šimek');
}

async function expectTypedValuesKept(section: Locator, email: string) {
  await expect(section.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expect(section.getByLabel('Vorname')).toHaveValue('Jürgen');
  await expect(section.getByLabel('Nachname')).toHaveValue('Öllinger-Šimek');
}

const submit = (section: Locator) => section.locator('button[type="submit"]');
const success = (section: Locator) => section.getByRole('status').filter({ hasText: 'Vielen Dank' });

async function expectNotLoading(section: Locator) {
  await expect(submit(section)).not.toHaveAttribute('aria-busy', 'true');
}

async function retryAfterRecovery(page: Page, section: Locator) {
  await page.unroute(signUpUrl);
  await submit(section).click();
  await expect(success(section)).toBeVisible();
}

for (const [fault, answer] of Object.entries(signUpFaults)) {
  test(`when the newsletter service ${fault}, the form says so, keeps what was typed and a retry succeeds`, async ({
    page,
  }) => {
    const section = await openSignUp(page, '/at/');
    const email = uniqueEmail('fault');
    await page.route(signUpUrl, answer);
    await fillAustrianForm(section, email);
    await submit(section).click();
    await expect(section.getByRole('alert')).toContainText(genericError);
    await expectNotLoading(section);
    await expectTypedValuesKept(section, email);
    await retryAfterRecovery(page, section);
  });
}

test('a sign-up that gets no answer within 15 s ends in the generic error, not an endless spinner', async ({
  page,
}) => {
  // The page's clock is moved past the 15 s time-out instead of waiting for it.
  await page.clock.install();
  const section = await openSignUp(page, '/at/');
  const email = uniqueEmail('timeout');
  // Never answered.
  await page.route(signUpUrl, () => {});
  await fillAustrianForm(section, email);
  await pauseClock(page);
  await submit(section).click();
  await expect(submit(section)).toHaveAttribute('aria-busy', 'true');
  await page.clock.fastForward(REQUEST_TIMEOUT_MS);
  await expect(section.getByRole('alert')).toContainText(genericError);
  await expectNotLoading(section);
  await expectTypedValuesKept(section, email);
  await retryAfterRecovery(page, section);
});

test('on a slow 3G connection the sign-up hydrates and succeeds', async ({ page }) => {
  test.setTimeout(90_000);
  await throttleToSlow3G(page);
  await page.goto('/de/');
  const section = page.locator('#newsletter');
  await section.scrollIntoViewIfNeeded();
  // The island hydrates on this first interaction; typing and the click are kept while its code is on the way.
  await section.getByLabel('E-Mail-Adresse').fill(uniqueEmail('slow3g'));
  await submit(section).click();
  await expect(success(section)).toBeVisible({ timeout: 60_000 });
});
