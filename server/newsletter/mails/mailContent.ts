import type { Shop } from '../../../src/shared/countries.ts';
import type { UiLocale } from '../../../src/shared/locales.ts';
import { absoluteShopLink, type LinkedSites } from '../../../src/shared/retailerSite.ts';

/** A link a reader can follow. */
export interface MailLink {
  text: string;
  href: string;
}

/**
 * One block of a mail's body. The HTML and the plain-text part are both written from these blocks
 * (`mailHtml.ts`, `mailText`), so the two parts always say the same.
 */
export type MailBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** The mail's main action; `hint` introduces the bare link for readers whose client shows no button. */
  | { type: 'button'; link: MailLink; hint?: string }
  /** A voucher code in a box, with its conditions. */
  | { type: 'code'; label: string; code: string; notes: string[]; link?: MailLink }
  | { type: 'note'; text: string };

/** A mail's content in the shop's language, before it becomes HTML and text. */
export interface MailContent {
  locale: UiLocale;
  subject: string;
  /** The line mail clients show after the subject in the list (hidden in the body). */
  preheader: string;
  blocks: MailBlock[];
  signature: string;
  /** Small print under the mail: why it came, and links such as the preferences page. */
  footer?: { lines: string[]; links: MailLink[] };
  /** Who sends it, last in every mail: the company, its address and its register entry (`senderLine`). */
  sender: SenderPart[];
}

/** One part of the sender line: a text, or a page of the retailer's site with the words that introduce it. */
export type SenderPart = string | { label: string; href: string };

/** The imprint's parts in the order every mail names them, after the trade name. */
const imprintParts = [
  'address',
  'register',
  'seat',
  'managingDirectors',
  'taxNumber',
  'shareCapital',
  'website',
  'contact',
  'imprintPage',
] as const;

/**
 * The sender as every mail names it: "Aroma Deutschland GmbH · Beispielstraße 1, … · Amtsgericht Hamburg, HRB … ·
 * Sitz der Gesellschaft: Hamburg · Geschäftsführer: … · E-Mail: … · Impressum: https://…/de/impressum", with whatever
 * else the shop's law asks for (the country table). Its pages (website, imprint) are links to the retailer's site, on
 * `RETAILER_ORIGIN` when it is set (`absoluteShopLink`).
 */
export function senderLine(shop: Pick<Shop, 'tradeName' | 'imprint' | 'segment'>, sites: LinkedSites): SenderPart[] {
  return [
    shop.tradeName,
    ...imprintParts.flatMap((part): SenderPart[] => {
      const value = shop.imprint[part];
      if (value === undefined) return [];
      return [
        typeof value === 'string' ? value : { label: value.label, href: absoluteShopLink(shop, value.path, sites) },
      ];
    }),
  ];
}

/** The words of a sender part: the text, or a page as "label: address". */
export const senderPartText = (part: SenderPart) => (typeof part === 'string' ? part : `${part.label}: ${part.href}`);

/** The sender line as one line of text, its parts joined by " · ". */
export const senderText = (parts: readonly SenderPart[]) => parts.map(senderPartText).join(' · ');

/** A link in plain text: its words, and the address on the next line (clients make it clickable). */
const linkText = (link: MailLink) => `${link.text}\n${link.href}`;

/** The plain-text part: blocks separated by blank lines, links on a line of their own, the footer after "-- ". */
export function mailText(content: MailContent): string {
  const block = (item: MailBlock): string => {
    switch (item.type) {
      case 'heading':
      case 'paragraph':
      case 'note':
        return item.text;
      case 'button':
        return linkText(item.link);
      case 'code':
        return [
          item.label,
          '',
          `    ${item.code}`,
          '',
          ...item.notes,
          ...(item.link ? [linkText(item.link)] : []),
        ].join('\n');
    }
  };
  const parts = [...content.blocks.map(block), content.signature];
  const smallPrint = [
    ...(content.footer?.lines ?? []),
    ...(content.footer?.links.map(linkText) ?? []),
    senderText(content.sender),
  ];
  parts.push(`-- \n${smallPrint.join('\n\n')}`);
  return `${parts.join('\n\n')}\n`;
}
