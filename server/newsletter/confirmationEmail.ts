import { shopBySegment, shops, type Shop } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import type { OutgoingEmail } from './outbox.ts';

/**
 * The shop a sign-up came from when the call has no `site` header, read from the page that sent it
 * (`Referer: …/{segment}/…`; docs/calls.md#create-subscriber): the confirmation link must lead back to the same shop and language. The referer's
 * origin is not checked: cross-site calls are refused before this (see server/edge/), and a program calling
 * directly can choose its referer as freely as its site header.
 */
export function shopOfReferer(referer: string | undefined): Shop {
  try {
    const url = new URL(referer ?? '');
    const shop = shopBySegment(url.pathname.split('/')[1] ?? '');
    if (shop) return shop;
  } catch {
    // No or a malformed referer: the default shop.
  }
  return shops[0]!;
}

/** The double opt-in e-mail in the shop's language, with the link to its confirmation page. */
export function confirmationEmail(shop: Shop, origin: string, to: string, token: string): OutgoingEmail & { link: string } {
  const t = translationsFor(shop.locale);
  const link = `${origin}/${shop.segment}/newsletter/confirm/?token=${encodeURIComponent(token)}`;
  return { to, link, subject: t('newsletter.email.subject'), text: t('newsletter.email.body', { link }) };
}
