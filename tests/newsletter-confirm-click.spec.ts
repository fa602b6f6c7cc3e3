import { expect, test } from '@playwright/test';
import { translationsFor } from '../src/shared/i18n.ts';
import { readOutbox } from '../server/mail/outboxReader.ts';
import { hydrateIsland } from './support/hydrateAll.ts';
import { confirmationLinkFor, outboxDir, uniqueEmail, welcomeMailFor } from './newsletter-helpers.ts';

// The double opt-in is the subscriber's press of the button, never the page opening (issue 43,
// docs/newsletter.md#double-opt-in): mail-security scanners open links in a real browser and run the page's scripts.
// Here Chromium opens the confirmation link with JavaScript, the island hydrates, the clock moves a minute on, and the
// sign-up is still pending with no welcome mail; then the keyboard reaches the button first after the heading, and
// pressing it confirms. The path without JavaScript: tests/newsletter-no-js-subscriber.spec.ts.

const SERVICE = '/service/newsletter/api/internal/newsletter-subscribers';
const t = translationsFor('de-DE');

test('opening the confirmation link with JavaScript confirms nothing; pressing the button does', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('confirm-click');
  const signUp = await page.request.post(SERVICE, {
    headers: { origin: new URL(baseURL!).origin, 'content-type': 'application/json', site: 'DE' },
    data: { email, consents: [], origin: 'onsite', originAddition: 'subsite' },
  });
  expect(signUp.status()).toBe(201);
  const link = await confirmationLinkFor(email);
  const token = link.searchParams.get('token')!;

  const confirmations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/doi')) confirmations.push(`${request.method()} ${request.url()}`);
  });
  // The page's clock is ours: whatever it might do later (a timer, an idle callback), we let it happen at once.
  await page.clock.install();
  await page.goto(link.pathname + link.search);
  await hydrateIsland(page.locator('astro-island:has(.newsletter-confirm)'));
  await page.clock.runFor(60_000);
  await page.waitForLoadState('networkidle');

  expect(confirmations).toEqual([]);
  // The service still holds the sign-up as pending (confirming would have spent the link), and sent no welcome mail.
  const pending = await page.request.get(`${SERVICE}/${token}`);
  expect(pending.status()).toBe(200);
  expect(((await pending.json()) as { status: string }).status).toBe('WAITING_FOR_DOI');
  const welcomeMails = (await readOutbox(outboxDir, { to: email })).filter((mail) =>
    mail.text.includes('/newsletter/preferences/'),
  );
  expect(welcomeMails).toEqual([]);
  await expect(page.getByText(t('newsletter.confirm.intro'))).toBeVisible();

  // The button is the first control after the heading: from the heading, one Tab reaches it, and Enter presses it.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('Tab');
  const button = page.getByRole('button', { name: t('newsletter.confirm.button') });
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  const notice = page.locator('.newsletter-success');
  await expect(notice.getByRole('status')).toContainText(t('newsletter.confirm.successHeading'));
  await expect(notice).toBeFocused();
  expect(confirmations).toHaveLength(1);
  expect(confirmations[0]).toMatch(/^PUT .*\/newsletter-subscribers\/[^/]+\/doi$/);

  const { link: preferences } = await welcomeMailFor(email);
  expect(preferences.pathname).toBe('/de/newsletter/preferences/');
  // The link is spent now: it reads as a link never issued.
  expect((await page.request.get(`${SERVICE}/${token}`)).status()).toBe(404);
});
