import { expect, test, type Page } from '@playwright/test';
import { shopByCode } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { HYDRATION_FALLBACK_MS } from '../src/lib/hydration/interactionDirective.ts';
import { uniqueEmail } from './newsletter-helpers.ts';
import { mailJobsTo } from './support/mailJobs.ts';
import { throttleCpu } from './support/hydration.ts';
import { pauseClock } from './support/clock.ts';

// The sign-up never loses a visitor (docs/newsletter.md#three-paths): when the island's code does not arrive, the
// submit it held goes out as the plain form; a fast click while it hydrates is sent exactly once.
const de = shopByCode('DE')!;
const t = translationsFor(de.locale);
const submitName = t('newsletter.submit');
const SIGN_UP_CALL = /\/service\/newsletter\/api\/internal\/newsletter-subscribers$/;
const SIGN_UP_FORM = /\/de\/newsletter\/sign-up\/$/;

/** Counts the sign-ups the page sends, through either door: the island's JSON call and the plain form's post. */
function countSignUps(page: Page): { json: number; form: number } {
  const counts = { json: 0, form: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (SIGN_UP_CALL.test(request.url())) counts.json += 1;
    if (SIGN_UP_FORM.test(request.url())) counts.form += 1;
  });
  return counts;
}

/** The confirmation mails queued for `email`: at once, as the post that queues one has been answered. */
const mailsTo = (email: string) => mailJobsTo(email)['newsletter.confirmation'] ?? 0;

/** The module files of the page section's sign-up island: its component, its renderer and what they import. */
async function islandModules(page: Page): Promise<Set<string>> {
  const island = page.locator('#newsletter astro-island');
  const urls = [
    await island.getAttribute('component-url'),
    await island.getAttribute('renderer-url'),
    ...((await island.getAttribute('data-island-modules')) ?? '').split(' '),
  ];
  return new Set(urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url, page.url()).pathname));
}

test.describe("the island's code does not arrive", () => {
  test('its modules fail to load: one click on Subscribe signs up once, as the plain form', async ({ page }) => {
    await page.goto('/de/');
    const modules = await islandModules(page);
    expect(modules.size).toBeGreaterThan(0);
    await page.route(
      (url) => modules.has(url.pathname),
      (route) => route.abort('failed'),
    );
    const counts = countSignUps(page);
    const email = uniqueEmail('modules-failed');

    const section = page.locator('#newsletter');
    await section.getByLabel(t('newsletter.field.email')).fill(email);
    await section.getByRole('button', { name: submitName }).click();

    await expect(page).toHaveURL(/\/de\/newsletter\/sign-up\/#newsletter$/);
    await expect(page.locator('#newsletter [role="status"]')).toContainText(email);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    expect(counts).toEqual({ json: 0, form: 1 });
    expect(mailsTo(email)).toBe(1);
  });

  test(`its modules hang: the held submit goes out as the plain form after ${HYDRATION_FALLBACK_MS} ms, once`, async ({
    page,
  }) => {
    // The page's clock is moved past the fallback's wait instead of waiting for it.
    await page.clock.install();
    await page.goto('/de/');
    const modules = await islandModules(page);
    // Never answered: the import waits for ever.
    await page.route(
      (url) => modules.has(url.pathname),
      () => {},
    );
    const counts = countSignUps(page);
    const email = uniqueEmail('modules-hang');

    const section = page.locator('#newsletter');
    await section.getByLabel(t('newsletter.field.email')).fill(email);
    await pauseClock(page);
    await section.getByRole('button', { name: submitName }).click();
    // Held while the code may still come.
    expect(counts).toEqual({ json: 0, form: 0 });
    await expect(page).toHaveURL(/\/de\/$/);

    await page.clock.fastForward(HYDRATION_FALLBACK_MS);
    await expect(page).toHaveURL(/\/de\/newsletter\/sign-up\/#newsletter$/);
    await expect(page.locator('#newsletter [role="status"]')).toContainText(email);
    expect(counts).toEqual({ json: 0, form: 1 });
    expect(mailsTo(email)).toBe(1);
  });
});

test.describe('fast clicks on a slow phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  test.setTimeout(120_000);

  // The click lands wherever hydration happens to be on a slow CPU: a few rounds sample that race. Each point of it
  // (before the code arrives, while React hydrates) is held on purpose in tests/hydration-interaction.spec.ts.
  const rounds = 3;
  test(`filling the address and clicking Subscribe at once signs up ${rounds} of ${rounds} times, each exactly once (CPU 6× slower)`, async ({
    browser,
  }) => {
    let succeeded = 0;
    for (let round = 0; round < rounds; round += 1) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      const page = await context.newPage();
      // The island's call is answered here, so the rounds stay under the service's throttle; the plain form (should the
      // fallback post it) reaches the real server.
      await page.route(SIGN_UP_CALL, (route) => route.fulfill({ status: 201 }));
      const counts = countSignUps(page);
      await page.goto('/de/');
      await throttleCpu(page);
      const email = uniqueEmail(`fast-${round}`);
      const section = page.locator('#newsletter');
      await section.getByLabel(t('newsletter.field.email')).fill(email);
      await section.getByRole('button', { name: submitName }).click();
      await expect(page.locator('#newsletter [role="status"]')).toContainText(email, { timeout: 20_000 });
      // The success shows once the first send was answered; a second send from the same click would have been
      // requested before that answer, so it is counted by now.
      expect(counts.json + counts.form, `round ${round}: one sign-up`).toBe(1);
      succeeded += 1;
      await context.close();
    }
    expect(succeeded).toBe(rounds);
  });
});
