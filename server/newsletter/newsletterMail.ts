import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { ServerConfig } from '../../src/shared/config.ts';
import { mailService, type MailService } from '../mail/mailService.ts';
import type { MailSenderOptions } from '../mail/sender.ts';
import { newsletterMailKinds } from './mails/newsletterMails.ts';
import { verpAddresses } from '../mail/verp.ts';

/**
 * The mail outbox of the newsletter's database (SQLite or PostgreSQL) with the newsletter's mails (confirmation,
 * welcome): create it once, hand its `jobs` to `createApp`, start its `sender` once the server listens and stop it
 * before the database closes. `mailTagSecret` keys the per-mail addresses' tags (the shared secret `mailTags`,
 * server/secrets.ts), so every instance writes and checks the same ones.
 */
export function newsletterMail(
  database: SharedDatabase,
  config: ServerConfig,
  mailTagSecret: string,
  options?: Pick<MailSenderOptions, 'pollMs' | 'stopGraceMs' | 'log' | 'concurrency'>,
): MailService {
  const verp = verpAddresses(mailTagSecret, config.mail.bounceDomain);
  return mailService(
    database,
    config,
    verp,
    newsletterMailKinds(database, {
      siteUrl: config.siteUrl,
      retailerOrigin: config.retailerOrigin,
      from: config.mail.from,
      replyTo: config.mail.replyTo,
      verp,
    }),
    options,
  );
}
