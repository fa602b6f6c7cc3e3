import type { Shop } from '../../../src/shared/countries.ts';
import { translationsFor } from '../../../src/shared/i18n.ts';
import type { LinkedSites } from '../../../src/shared/retailerSite.ts';
import { DOI_TOKEN_LIFETIME_MS } from '../doiToken.ts';
import { senderLine, type MailContent } from './mailContent.ts';

/**
 * The double opt-in mail in the shop's language (docs/newsletter.md#the-mails): the button to the confirmation page,
 * the link once more for clients without buttons, what follows the confirmation, how long the link lives, the
 * minimum age the confirmation asserts, and what to do if somebody else signed the address up. Its body names the welcome
 * voucher (never its preheader) only when `promisesVoucher` (the default): not to an address whose welcome voucher was issued and has expired,
 * which the welcome mail will not carry again (docs/newsletter.md#welcome-voucher). `sites`: where the sender line's
 * pages are (`senderLine`).
 */
export function confirmationMailContent(
  shop: Shop,
  confirmationLink: string,
  { sites, promisesVoucher = true }: { sites: LinkedSites; promisesVoucher?: boolean },
): MailContent {
  const t = translationsFor(shop.locale);
  return {
    locale: shop.locale,
    subject: t('newsletter.email.confirm.subject'),
    // A double opt-in mail advertises nothing: the preheader never names the voucher; the body states it as a fact.
    preheader: t('newsletter.email.confirm.preheaderNoVoucher'),
    blocks: [
      { type: 'paragraph', text: t('newsletter.email.greeting') },
      { type: 'paragraph', text: t('newsletter.email.confirm.intro') },
      {
        type: 'button',
        link: { text: t('newsletter.email.confirm.button'), href: confirmationLink },
        hint: t('newsletter.email.confirm.linkHint'),
      },
      {
        type: 'paragraph',
        text: promisesVoucher
          ? t('newsletter.email.confirm.next', { percent: shop.welcomeVoucher.percent })
          : t('newsletter.email.confirm.nextNoVoucher'),
      },
      {
        type: 'note',
        text: t('newsletter.email.confirm.expiry', { days: DOI_TOKEN_LIFETIME_MS / (24 * 60 * 60 * 1000) }),
      },
      { type: 'note', text: t('newsletter.email.confirm.age', { age: shop.newsletter.minimumAge }) },
      { type: 'note', text: t('newsletter.email.confirm.ignore') },
    ],
    signature: t('newsletter.email.signature'),
    sender: senderLine(shop, sites),
  };
}
