import { expect, test, type Page } from '@playwright/test';
import { shopByCode, type Shop } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { uniqueEmail } from './newsletter-helpers.ts';
import { mailJobsTo } from './support/mailJobs.ts';

// The sign-up with JavaScript off, as a browser submits it (docs/newsletter.md#plain-form): a real form the server
// answers with the shop's page: errors with GOV.UK's error summary whose links lead to the fields, success after a
// redirect that carries the address in no URL. Every shop's plain post, TR's consent and the footer's form are posted
// without a browser in tests/site/newsletterPlainForm.test.ts.
test.use({ javaScriptEnabled: false });

/** Every URL the page asked for, the page's own addresses included. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** How many confirmation mails were queued for `email`: at once, as the post that queues one has been answered. */
const confirmationMails = (email: string) => mailJobsTo(email)['newsletter.confirmation'] ?? 0;

/** Fills what the shop's rules require besides the address. */
async function fillRequired(page: Page, shop: Shop) {
  const section = page.locator('#newsletter');
  if (shop.newsletter.requiresSalutation) await section.locator('select[name="salutation"]').selectOption('MRS');
  if (shop.newsletter.requiresNames) {
    await section.locator('input[name="firstName"]').fill('Anna');
    await section.locator('input[name="lastName"]').fill('Kovács');
  }
  if (shop.newsletter.requiresCommercialConsent) await section.locator('input[name="legals"]').check();
}

for (const shop of [shopByCode('DE')!]) {
  test(`${shop.code}: signs up without JavaScript; the success names the address, which is in no URL; a reload signs up nothing`, async ({
    page,
  }) => {
    const t = translationsFor(shop.locale);
    const urls = recordUrls(page);
    const email = uniqueEmail(`nojs-${shop.segment}`);
    await page.goto(`/${shop.segment}/`);
    await page.locator('#newsletter input[name="newsletterEmail"]').fill(email);
    await fillRequired(page, shop);
    await page
      .locator('#newsletter')
      .getByRole('button', { name: t('newsletter.submit') })
      .click();

    await expect(page).toHaveURL(new RegExp(`/${shop.segment}/newsletter/sign-up/#newsletter$`));
    const success = page.locator('#newsletter [role="status"]');
    await expect(success).toContainText(t('newsletter.success.heading'));
    await expect(success).toContainText(email);
    for (const url of [...urls, page.url()]) {
      expect(url).not.toContain(email);
      expect(url).not.toContain(encodeURIComponent(email));
    }
    expect(confirmationMails(email)).toBe(1);

    await page.reload();
    await expect(success).toContainText(email);
    expect(confirmationMails(email)).toBe(1);
  });
}

test('HU: missing salutation and names come back from the server in Hungarian, with the error summary, the values kept, nothing sent', async ({
  page,
}) => {
  const hu = shopByCode('HU')!;
  const t = translationsFor(hu.locale);
  const email = uniqueEmail('nojs-hu-missing');
  await page.goto('/hu/');
  const section = page.locator('#newsletter');
  await section.locator('input[name="newsletterEmail"]').fill(email);
  await section.locator('input[name="firstName"]').fill('Anna');
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/hu/newsletter/sign-up/'),
  );
  await section.getByRole('button', { name: t('newsletter.submit') }).click();
  expect((await answer).status()).toBe(400);

  const home = t('home.title', { country: t('shop.country') });
  await expect(page).toHaveTitle(t('page.errorTitle', { title: home }));
  const summary = page.locator('#newsletter .ui-error-summary');
  await expect(summary.getByRole('heading')).toHaveText(t('newsletter.errorSummary.title'));
  const links = summary.getByRole('link');
  await expect(links).toHaveText([t('newsletter.error.salutationRequired'), t('newsletter.error.lastNameRequired')]);
  for (const link of await links.all()) {
    const field = page.locator(`[id="${(await link.getAttribute('href'))!.slice(1)}"]`);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription((await link.textContent()) ?? '');
  }
  await expect(section.locator('input[name="newsletterEmail"]')).toHaveValue(email);
  await expect(section.locator('input[name="firstName"]')).toHaveValue('Anna');
  // A link of the summary leads to its field.
  await links.first().click();
  await expect(section.locator('select[name="salutation"]')).toBeFocused();
  expect(confirmationMails(email)).toBe(0);
});
