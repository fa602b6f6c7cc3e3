import { shopByCode, shops, type Shop } from '../../../src/shared/countries.ts';
import type { LinkedSites } from '../../../src/shared/retailerSite.ts';
import { newsletterPagePath } from '../../../src/shared/newsletter/pagePaths.ts';
import { serviceUrl, services } from '../../../src/shared/routes.ts';
import type { MailJob } from '../../mail/mailJobs.ts';
import type { MailKind } from '../../mail/sender.ts';
import type { OutgoingMessage } from '../../mail/transport.ts';
import type { SharedDatabase } from '../../database/sharedDatabase.ts';
import type { VerpAddresses } from '../../mail/verp.ts';
import { subscriberStatements } from '../subscriberStore.ts';
import { voucherStatements } from '../vouchers.ts';
import { confirmationMailContent } from './confirmationMail.ts';
import { mailingList, type MailingList } from './listHeaders.ts';
import { mailText, type MailContent } from './mailContent.ts';
import { mailHtml } from './mailHtml.ts';
import { welcomeMailContent } from './welcomeMail.ts';

/** The kinds of newsletter mail jobs. */
export const newsletterMailKind = { confirmation: 'newsletter.confirmation', welcome: 'newsletter.welcome' } as const;

/** What a confirmation job keeps until it is sent: the link's token (nowhere else in plain text). */
export interface ConfirmationPayload {
  token: string;
  site: Shop['code'];
}

/** What a welcome job keeps until it is sent: the preferences token for the links, and which voucher to show. */
export interface WelcomePayload {
  preferencesToken: string;
  site: Shop['code'];
  voucherId: number;
  voucherMode: 'new' | 'repeat' | 'alreadyIssued';
}

/** Where mails link to (this site, and the retailer's for its pages) and who sends them. */
export interface NewsletterMailSettings extends LinkedSites {
  from: string;
  replyTo: string;
  /** The per-mail addresses: the `mailto:` of List-Unsubscribe is the job's `unsubscribe+{job}-{tag}@…`. */
  verp: VerpAddresses;
}

/** The confirmation page link of a token. */
export function confirmationLink(siteUrl: string, shop: Shop, token: string): string {
  return siteUrl + newsletterPagePath(shop, 'confirm', token);
}

/**
 * A mail's MIME message: multipart/alternative with the text and the HTML part (nodemailer writes UTF-8 and encodes
 * the headers), `Content-Language` the shop's locale, and the shop's list: RFC 2919 `List-Id`, and `List-Unsubscribe`
 * with the RFC 8058 one-click URL and the `mailto:` alternative, plus `List-Unsubscribe-Post`
 * (docs/newsletter.md#the-mails).
 */
export async function newsletterMessage(
  content: MailContent,
  envelope: { to: string; messageId: string; list?: MailingList },
  settings: Pick<NewsletterMailSettings, 'from' | 'replyTo'>,
): Promise<Omit<OutgoingMessage, 'date'>> {
  const headers: Record<string, string> = { 'Content-Language': content.locale };
  const { list } = envelope;
  if (list) {
    headers['List-Id'] = list.id;
    headers['List-Unsubscribe'] = `<${list.oneClickUnsubscribe}>, <${list.mailtoUnsubscribe}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    from: settings.from,
    replyTo: settings.replyTo,
    to: envelope.to,
    subject: content.subject,
    text: mailText(content),
    html: await mailHtml(content),
    messageId: envelope.messageId,
    headers,
  };
}

/**
 * The newsletter's mail kinds for the sender (docs/newsletter.md#the-mails). Each renders at send time from the job's
 * payload and the current state, and sends nothing (cancels) when the mail no longer fits: a confirmation whose
 * link was replaced or used, a welcome mail to a subscription that has ended.
 */
export function newsletterMailKinds(
  database: SharedDatabase,
  settings: NewsletterMailSettings,
): Record<string, MailKind> {
  const shopOf = (code: string) => shopByCode(code) ?? shops[0]!;
  const payloadOf = <T>(job: MailJob) => JSON.parse(job.payload ?? 'null') as T;

  const confirmation: MailKind = {
    async render(job) {
      const { token, site } = payloadOf<ConfirmationPayload>(job);
      const shop = shopOf(site);
      const outlook = await database.run(function* (db) {
        const pending = yield* subscriberStatements.byToken(db, 'doi', token);
        if (pending?.id !== job.subscriber_id) return undefined;
        return job.subscriber_id === null
          ? 'new'
          : yield* voucherStatements.outlook(db, job.subscriber_id, shop, new Date());
      });
      if (outlook === undefined) return null;
      const promisesVoucher = outlook !== 'alreadyIssued';
      const content = confirmationMailContent(shop, confirmationLink(settings.siteUrl, shop, token), {
        sites: settings,
        promisesVoucher,
      });
      // One click in the mailbox cancels the pending sign-up (docs/calls.md#one-click-cancel-of-a-sign-up).
      const cancel = settings.siteUrl + serviceUrl(services.newsletter, 'cancelSignUpOneClick', { token });
      const list = mailingList(shop, job, settings, cancel);
      return newsletterMessage(content, { to: job.recipient, messageId: job.message_id, list }, settings);
    },
    *sent(db, job, at) {
      if (job.subscriber_id !== null)
        yield* subscriberStatements.confirmationSent(db, job.subscriber_id, at.toISOString());
    },
  };

  const welcome: MailKind = {
    async render(job) {
      const { preferencesToken, site, voucherId, voucherMode } = payloadOf<WelcomePayload>(job);
      const found = await database.run(function* (db) {
        const subscriber = yield* subscriberStatements.byToken(db, 'preferences', preferencesToken);
        if (!subscriber || subscriber.id !== job.subscriber_id) return undefined;
        const voucher = yield* voucherStatements.byId(db, voucherId);
        return voucher && { subscriber, voucher };
      });
      if (!found) return null;
      const { subscriber, voucher } = found;
      const shop = shopOf(site);
      const content = welcomeMailContent(shop, {
        email: job.recipient,
        name: { salutation: subscriber.salutation, firstName: subscriber.first_name, lastName: subscriber.last_name },
        voucher:
          voucherMode === 'alreadyIssued'
            ? { mode: 'alreadyIssued' }
            : {
                mode: voucherMode,
                code: voucher.code,
                percent: voucher.percent,
                validUntil: voucher.valid_until ? new Date(voucher.valid_until) : null,
              },
        links: {
          preferences: settings.siteUrl + newsletterPagePath(shop, 'preferences', preferencesToken),
          shop: `${settings.siteUrl}/${shop.segment}/`,
        },
        sites: settings,
      });
      const oneClickUnsubscribe =
        settings.siteUrl + serviceUrl(services.newsletter, 'unsubscribeOneClick', { token: preferencesToken });
      const list = mailingList(shop, job, settings, oneClickUnsubscribe);
      return newsletterMessage(content, { to: job.recipient, messageId: job.message_id, list }, settings);
    },
  };

  return { [newsletterMailKind.confirmation]: confirmation, [newsletterMailKind.welcome]: welcome };
}
