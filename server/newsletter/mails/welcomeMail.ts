import type { Shop } from '../../../src/shared/countries.ts';
import { translationsFor } from '../../../src/shared/i18n.ts';
import { absoluteShopLink, type LinkedSites } from '../../../src/shared/retailerSite.ts';
import { subscriptionPeriodValues } from '../../../src/shared/newsletter/subscriptionPeriods.ts';
import { mailGreeting, type SubscriberName } from './greeting.ts';
import { senderLine, type MailBlock, type MailContent, type MailLink } from './mailContent.ts';

/** The voucher part of a welcome mail: a new code, the still valid one again, or none (issued before, expired). */
export type WelcomeMailVoucher =
  { mode: 'new' | 'repeat'; code: string; percent: number; validUntil: Date | null } | { mode: 'alreadyIssued' };

/** What a welcome mail needs besides the shop. */
export interface WelcomeMailInput {
  email: string;
  /** The subscriber's name, for the greeting (`mailGreeting`); absent or empty: the generic greeting. */
  name?: SubscriberName;
  voucher: WelcomeMailVoucher;
  links: {
    /** The subscriber's preferences page (change, unsubscribe). */
    preferences: string;
    /** The shop's home page. */
    shop: string;
  };
  /** Where the retailer's pages are: the voucher conditions and the sender line's pages. */
  sites: LinkedSites;
}

/**
 * The welcome mail after confirmation, in the shop's language (docs/newsletter.md#the-mails): a thank-you, the
 * personal voucher code with its conditions (one online order; in HU the end date, usable once) and the link to
 * the conditions page, and under it the preferences link every mail after confirmation carries. It greets the
 * subscriber by name where the shop asks for names (`mailGreeting`).
 */
export function welcomeMailContent(shop: Shop, { email, name, voucher, links, sites }: WelcomeMailInput): MailContent {
  const t = translationsFor(shop.locale);
  const conditions: MailLink = {
    text: t('newsletter.link.voucherConditions'),
    href: absoluteShopLink(shop, shop.links.voucherConditions, sites),
  };
  const voucherBlocks = (): MailBlock[] => {
    if (voucher.mode === 'alreadyIssued')
      return [{ type: 'paragraph', text: t('newsletter.email.welcome.alreadyIssued') }];
    const validUntil = voucher.validUntil
      ? [
          t('newsletter.email.welcome.validUntil', {
            date: new Intl.DateTimeFormat(shop.locale, { dateStyle: 'long', timeZone: shop.timeZone }).format(
              voucher.validUntil,
            ),
          }),
        ]
      : [];
    return [
      {
        type: 'paragraph',
        text:
          voucher.mode === 'new'
            ? t('newsletter.email.welcome.voucher', { percent: voucher.percent })
            : t('newsletter.email.welcome.repeat'),
      },
      {
        type: 'code',
        label: t('newsletter.email.welcome.codeLabel'),
        code: voucher.code,
        notes: [
          t('newsletter.email.welcome.conditions', { months: shop.welcomeVoucher.validMonths ?? '' }),
          ...validUntil,
        ],
        link: conditions,
      },
    ];
  };
  return {
    locale: shop.locale,
    subject:
      voucher.mode === 'alreadyIssued'
        ? t('newsletter.email.welcome.subjectReturning')
        : t('newsletter.email.welcome.subject', { percent: voucher.percent }),
    preheader: t('newsletter.email.welcome.preheader'),
    blocks: [
      { type: 'heading', text: t('newsletter.email.welcome.heading') },
      { type: 'paragraph', text: mailGreeting(shop, name) },
      { type: 'paragraph', text: t('newsletter.email.welcome.intro') },
      ...voucherBlocks(),
      { type: 'button', link: { text: t('newsletter.email.welcome.shopButton'), href: links.shop } },
    ],
    signature: t('newsletter.email.signature'),
    sender: senderLine(shop, sites),
    footer: {
      lines: [t('newsletter.email.footer.reason', { email, ...subscriptionPeriodValues })],
      links: [{ text: t('newsletter.preferences.link'), href: links.preferences }],
    },
  };
}
