import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { shopByCode } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { confirmationLinkFor, uniqueEmail } from './newsletter-helpers.ts';
import { mailJobsTo } from './support/mailJobs.ts';

// The subscriber's journey with JavaScript off (docs/newsletter.md#plain-form): the confirmation link confirms with a
// button (never by the GET alone), the preferences page shows the subscription, saves and unsubscribes as plain forms.
test.use({ javaScriptEnabled: false });
const de = shopByCode('DE')!;
const t = translationsFor(de.locale);

/** Signs up through the plain form and answers the confirmation link from the mail. */
async function signUp(page: Page, tag: string): Promise<{ email: string; confirm: string }> {
  const email = uniqueEmail(tag);
  await page.goto('/de/');
  await page.locator('#newsletter input[name="newsletterEmail"]').fill(email);
  await page
    .locator('#newsletter')
    .getByRole('button', { name: t('newsletter.submit') })
    .click();
  await expect(page.locator('#newsletter [role="status"]')).toContainText(email);
  const link = await confirmationLinkFor(email);
  return { email, confirm: link.pathname + link.search };
}

/** How many welcome mails were queued for `email`: the confirmation queues it in the transaction that confirms. */
const welcomeMails = (email: string) => mailJobsTo(email)['newsletter.welcome'] ?? 0;

test('confirm, change the preferences and unsubscribe, all without JavaScript', async ({ page }) => {
  const { email, confirm } = await signUp(page, 'nojs-journey');
  // Opened twice, as a mail scanner and then the person would: the GET confirms nothing.
  await page.goto(confirm);
  await page.goto(confirm);
  expect(welcomeMails(email)).toBe(0);
  await expect(page.getByText(t('newsletter.confirm.intro'))).toBeVisible();
  await page.getByRole('button', { name: t('newsletter.confirm.button') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('newsletter.confirm.successHeading') })).toBeVisible();
  expect(welcomeMails(email)).toBe(1);

  await page.getByRole('link', { name: t('newsletter.preferences.link') }).click();
  await expect(page.locator('.newsletter-preferences__address')).toHaveText(
    t('newsletter.preferences.subscribedAs', { email }),
  );
  const dne = page.getByRole('checkbox', { name: t('newsletter.consent.dne') });
  await expect(dne).not.toBeChecked();
  await dne.check();
  await page.getByRole('button', { name: t('newsletter.preferences.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('newsletter.preferences.saved') })).toBeVisible();
  await expect(dne).toBeChecked();
  const preferences = page.url().replace(/&saved=1$/, '');
  await page.goto(preferences);
  await expect(page.getByRole('checkbox', { name: t('newsletter.consent.dne') })).toBeChecked();

  await page.getByRole('button', { name: t('newsletter.preferences.unsubscribe') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: t('newsletter.preferences.unsubscribedHeading') }),
  ).toContainText(email);
  // The offer to sign up again starts with the address that just left, and works without JavaScript too.
  await expect(page.locator('input[name="newsletterEmail"]')).toHaveValue(email);
  await page.goto(preferences);
  // The spent link has a message of its own (issue 43), not the sign-up's "please sign up again".
  await expect(
    page.getByRole('alert').filter({ hasText: t('newsletter.preferences.linkInvalidHeading') }),
  ).toBeVisible();
});

test('a spent confirmation link says so and offers a sign-up that works without JavaScript', async ({ page }) => {
  const { confirm } = await signUp(page, 'nojs-spent');
  await page.goto(confirm);
  await page.getByRole('button', { name: t('newsletter.confirm.button') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('newsletter.confirm.successHeading') })).toBeVisible();
  await page.goto(confirm);
  await page.getByRole('button', { name: t('newsletter.confirm.button') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('newsletter.error.doiInvalid') })).toBeVisible();

  const again = uniqueEmail('nojs-again');
  await page.locator('input[name="newsletterEmail"]').fill(again);
  await page.getByRole('button', { name: t('newsletter.submit') }).click();
  await expect(page.locator('[role="status"]').filter({ hasText: t('newsletter.success.heading') })).toContainText(
    again,
  );
});

test('HU preferences: a save without the names comes back with the error summary, nothing changed', async ({
  page,
}) => {
  const hu = translationsFor(shopByCode('HU')!.locale);
  const email = uniqueEmail('nojs-hu-prefs');
  await page.goto('/hu/');
  const section = page.locator('#newsletter');
  await section.locator('input[name="newsletterEmail"]').fill(email);
  await section.locator('select[name="salutation"]').selectOption('MRS');
  await section.locator('input[name="firstName"]').fill('Anna');
  await section.locator('input[name="lastName"]').fill('Kovács');
  await section.getByRole('button', { name: hu('newsletter.submit') }).click();
  const link = await confirmationLinkFor(email);
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: hu('newsletter.confirm.button') }).click();
  await page.getByRole('link', { name: hu('newsletter.preferences.link') }).click();

  await page.locator('input[name="lastName"]').fill('');
  await page.getByRole('button', { name: hu('newsletter.preferences.save') }).click();
  await expect(page).toHaveTitle(new RegExp(`^${hu('page.errorTitle', { title: '' }).trim()}`));
  await expect(page.locator('.ui-error-summary').getByRole('link')).toHaveText([
    hu('newsletter.error.lastNameRequired'),
  ]);
  await expect(page.locator('input[name="lastName"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('input[name="firstName"]')).toHaveValue('Anna');
  await page.goto(page.url());
  await expect(page.locator('input[name="lastName"]')).toHaveValue('Kovács');
});

test('download the data and erase it, all without JavaScript', async ({ page }) => {
  const { email, confirm } = await signUp(page, 'nojs-erase');
  await page.goto(confirm);
  await page.getByRole('button', { name: t('newsletter.confirm.button') }).click();
  await page.getByRole('link', { name: t('newsletter.preferences.link') }).click();
  const preferences = page.url();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t('newsletter.preferences.export') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('newsletter-data.json');
  const exported = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as { version: number; address: string };
  expect(exported).toMatchObject({ version: 1, address: email });

  await page.getByRole('button', { name: t('newsletter.preferences.erase') }).click();
  await expect(page.getByRole('heading', { name: t('newsletter.preferences.eraseConfirmHeading') })).toBeVisible();
  await page.getByRole('button', { name: t('newsletter.preferences.eraseCancel') }).click();
  await expect(page.locator('.newsletter-preferences__address')).toContainText(email);
  await page.getByRole('button', { name: t('newsletter.preferences.erase') }).click();
  await page.getByRole('button', { name: t('newsletter.preferences.eraseConfirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('newsletter.preferences.erasedHeading') })).toBeVisible();
  expect(mailJobsTo(email)).toEqual({});
  await page.goto(preferences);
  await expect(
    page.getByRole('alert').filter({ hasText: t('newsletter.preferences.linkInvalidHeading') }),
  ).toBeVisible();
});
