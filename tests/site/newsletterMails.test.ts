import { describe, expect, test } from 'vitest';
import { linkIn, readOutbox, type ReceivedMail } from '../../server/mail/outboxReader.ts';
import { shops, type Shop } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import type { SubscriberCreateRequest } from '../../src/shared/newsletter/subscriberSchema.ts';
import { uniqueEmail } from '../support/uniqueEmail.ts';
import { follow, submit } from './support/forms.ts';
import { origin, outboxDir, servedPage, textOf } from './support/site.ts';

// The subscriber's mails in every shop (docs/newsletter.md#the-mails), through the services of the site under test:
// the sign-up call the island sends, the confirmation mail's link, the confirmation page's button (the form it posts),
// and the welcome mail with its voucher in the shop's language. The island's side of it, in a browser, is
// tests/newsletter-welcome-mail.spec.ts (DE).
const CODE = /\b[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}\b/;

/** The body the sign-up island sends for a shopper who filled in what the shop requires. */
function signUpRequest(shop: Shop, email: string): SubscriberCreateRequest {
  const turkish = shop.code === 'TR';
  return {
    email,
    ...(shop.newsletter.requiresSalutation ? { salutation: 'MRS' as const } : {}),
    ...(shop.newsletter.requiresNames
      ? { firstName: turkish ? 'Şule' : 'Éva', lastName: turkish ? 'Yılmaz' : 'Kovács' }
      : {}),
    ...(shop.newsletter.requiresCommercialConsent ? { legals: ['NEWSLETTER'] } : {}),
    consents: [],
    origin: 'onsite',
    originAddition: 'subsite',
  } as SubscriberCreateRequest;
}

/** The newest mail to `email` linking `pathPart`, once the services' sender has delivered it. */
async function mailWithLink(email: string, pathPart: string): Promise<{ mail: ReceivedMail; link: URL }> {
  await expect
    .poll(async () => (await readOutbox(outboxDir, { to: email })).some((mail) => mail.text.includes(pathPart)), {
      timeout: 15_000,
      message: `a mail to ${email} linking ${pathPart}`,
    })
    .toBe(true);
  const mail = (await readOutbox(outboxDir, { to: email })).reverse().find((one) => one.text.includes(pathPart))!;
  return { mail, link: linkIn(mail, pathPart) };
}

describe.each(shops)('$code', (shop) => {
  test(`sign-up, confirmation mail, confirmation page, welcome mail with the voucher in ${shop.locale}`, async () => {
    const t = translationsFor(shop.locale);
    const email = uniqueEmail(`welcome-${shop.segment}`);
    const signedUp = await fetch(`${origin}/service/newsletter/api/internal/newsletter-subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', site: shop.code, origin },
      body: JSON.stringify(signUpRequest(shop, email)),
    });
    expect(signedUp.status).toBe(201);

    const { link } = await mailWithLink(email, '/newsletter/confirm/');
    expect(link.pathname).toBe(`/${shop.segment}/newsletter/confirm/`);
    const page = await servedPage(link.pathname + link.search);
    expect(textOf(page.document.querySelector('main'))).toContain(t('newsletter.confirm.intro'));
    const confirmPage = link.pathname + link.search;
    const confirmed = await follow(await submit(page.document.querySelector('main form')!, {}, confirmPage));
    const status = [...confirmed.document.querySelectorAll('[role="status"]')].find((element) =>
      textOf(element).includes(t('newsletter.confirm.successHeading')),
    );
    // The page says where to look next, in the shop's language: the welcome mail that follows.
    expect(textOf(status)).toContain(t('newsletter.confirm.mailSent'));

    const { mail, link: preferences } = await mailWithLink(email, '/newsletter/preferences/');
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
});
