import type { DatabaseSync } from 'node:sqlite';
import type { ServerConfig } from '../../src/shared/config.ts';
import { mailService, type MailService } from '../mail/mailService.ts';
import type { MailSenderOptions } from '../mail/sender.ts';
import { newsletterMailKinds } from './mails/newsletterMails.ts';

/**
 * The services' mail outbox with the newsletter's mails (confirmation, welcome): create it once, hand its `jobs` to
 * `createApp`, start its `sender` once the server listens and stop it before the database closes.
 */
export function newsletterMail(
  db: DatabaseSync,
  config: ServerConfig,
  options?: Pick<MailSenderOptions, 'pollMs' | 'stopGraceMs' | 'log' | 'concurrency'>,
): MailService {
  return mailService(
    db,
    config,
    newsletterMailKinds(db, {
      siteUrl: config.siteUrl,
      from: config.mail.from,
      replyTo: config.mail.replyTo,
      bounceDomain: config.mail.bounceDomain,
    }),
    options,
  );
}
