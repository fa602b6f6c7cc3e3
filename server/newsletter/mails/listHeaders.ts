import type { Shop } from '../../../src/shared/countries.ts';
import { senderDomain } from '../../mail/mailService.ts';
import type { VerpAddresses } from '../../mail/verp.ts';

/** What identifies a shop's newsletter list in a mail and how a mailbox provider unsubscribes from it. */
export interface MailingList {
  /** RFC 2919 `List-Id`: `Aroma Newsletter DE <newsletter.de.aroma.example>`. */
  id: string;
  /** RFC 8058 one-click URL: a POST of `List-Unsubscribe=One-Click` to it unsubscribes (or cancels the sign-up). */
  oneClickUnsubscribe: string;
  /** The `mailto:` alternative: the mail's own `unsubscribe+{job}-{tag}@{bounceDomain}` (server/mail/verp.ts). */
  mailtoUnsubscribe: string;
}

/**
 * The list of a shop's newsletter (docs/newsletter.md#the-mails): one list per shop, named after the sender's display
 * name and the shop, its id under the domain of `MAIL_FROM` (which stays the same when the bounce domain moves, so
 * mailbox providers keep recognising the list): `Aroma Newsletter DE <newsletter.de.aroma.example>`.
 */
export function listId(shop: Pick<Shop, 'segment'>, from: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim() || 'Newsletter';
  const label = shop.segment.toUpperCase();
  return `${name.replace(/[<>"\r\n]/g, '')} ${label} <newsletter.${shop.segment}.${senderDomain(from).toLowerCase()}>`;
}

/** The list headers of one mail job: `List-Id`, `List-Unsubscribe` (one-click URL and `mailto:`), `-Post`. */
export function mailingList(
  shop: Pick<Shop, 'segment'>,
  job: { id: number; recipient: string },
  settings: { from: string; verp: VerpAddresses },
  oneClickUnsubscribe: string,
): MailingList {
  return {
    id: listId(shop, settings.from),
    oneClickUnsubscribe,
    mailtoUnsubscribe: `mailto:${settings.verp.address('unsubscribe', job)}`,
  };
}
