import { expect, test } from '@playwright/test';
import { shopByCode } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { confirmationLinkFor, openSignUp, uniqueEmail, welcomeMailFor } from './newsletter-helpers.ts';

// The subscriber's journey by mail, through the real pages with JavaScript (docs/newsletter.md#the-mails): sign up
// through the island, open the link of the confirmation mail from the outbox, confirm on the confirmation page, and
// read the welcome mail with its voucher. The same journey through the services for every shop, in its language, is
// tests/site/newsletterMails.test.ts; HU and TR with the fields their rules require.

const CODE = /\b[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}\b/;

for (const shop of [shopByCode('DE')!]) {
  test(`${shop.code}: sign-up, confirmation mail, confirmation page, welcome mail with the voucher in ${shop.locale}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const t = translationsFor(shop.locale);
    const section = await openSignUp(page, `/${shop.segment}/`);
    const email = uniqueEmail(`welcome-${shop.segment}`);
    await section.locator('input[name="newsletterEmail"]').fill(email);
    if (shop.newsletter.requiresSalutation) await section.locator('select[name="salutation"]').selectOption('MRS');
    if (shop.newsletter.requiresNames) {
      await section.locator('input[name="firstName"]').fill(shop.code === 'TR' ? 'Şule' : 'Éva');
      await section.locator('input[name="lastName"]').fill(shop.code === 'TR' ? 'Yılmaz' : 'Kovács');
    }
    if (shop.newsletter.requiresCommercialConsent)
      await section.locator('input[name="legals"][value="NEWSLETTER"]').check();
    await section.locator('button[type="submit"]').click();
    await expect(section.getByRole('status')).toContainText(email);

    const link = await confirmationLinkFor(email);
    expect(link.pathname).toBe(`/${shop.segment}/newsletter/confirm/`);
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: t('newsletter.confirm.button') }).click();
    const confirmed = page.getByRole('status').filter({ hasText: t('newsletter.confirm.successHeading') });
    await expect(confirmed).toBeVisible();
    // The page says where to look next, in the shop's language: the welcome mail that follows.
    await expect(confirmed).toContainText(t('newsletter.confirm.mailSent'));

    const { mail, link: preferences } = await welcomeMailFor(email);
    expect(mail.subject).toBe(t('newsletter.email.welcome.subject', { percent: shop.welcomeVoucher.percent }));
    expect(mail.text).toContain(t('newsletter.email.welcome.voucher', { percent: shop.welcomeVoucher.percent }));
    expect(mail.text).toContain(t('newsletter.email.welcome.codeLabel'));
    expect(mail.text).toMatch(CODE);
    expect(mail.html).toContain(CODE.exec(mail.text)![0]);
    expect(mail.html).toContain(`lang="${shop.locale}"`);
    expect(preferences.pathname).toBe(`/${shop.segment}/newsletter/preferences/`);
    if (shop.code === 'HU')
      expect(mail.text).toMatch(/egyszer használható fel\.\nUtolsó felhasználási nap: \d{4}\. \p{L}+ \d{1,2}\./u);
    if (shop.code === 'TR') expect(mail.text).toContain('Hoş geldin indirim kodunuz');
  });
}
