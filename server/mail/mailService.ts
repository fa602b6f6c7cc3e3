import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { ServerConfig } from '../../src/shared/config.ts';
import { mailJobs, type MailJobs } from './mailJobs.ts';
import { mailSender, type MailKind, type MailSender, type MailSenderOptions } from './sender.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';
import { suppressedJobRefusal } from './jobSuppression.ts';
import type { VerpAddresses } from './verp.ts';

/** The outbox of one database: its jobs (for whoever queues mail) and the sender that delivers them. */
export interface MailService {
  jobs: MailJobs;
  sender: MailSender;
  transport: MailTransport;
  /** The per-mail bounce and unsubscribe addresses its mails carry (server/mail/verp.ts). */
  verp: VerpAddresses;
}

/** The domain of the sender address, for Message-IDs: `aroma.example` of `Aroma <newsletter@aroma.example>`. */
export function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** The jobs table of a database, for queueing without a sender (a sender started elsewhere delivers them). */
export function mailJobsOf(database: SharedDatabase, config: Pick<ServerConfig, 'mail'>): MailJobs {
  return mailJobs(database, senderDomain(config.mail.from));
}

/**
 * The mail outbox as the settings ask for it (docs/newsletter.md#mail-delivery): SMTP when `SMTP_URL` is set, else
 * one `.eml` file per mail in `OUTBOX_DIR`, DKIM-signed when `MAIL_DKIM_*` is set; retries per `MAIL_RETRY_MS` and
 * `MAIL_RETRY_MAX_MS`; the envelope sender `bounce+{job}-{tag}@MAIL_BOUNCE_DOMAIN` (`verp`); jobs to suppressed
 * addresses cancelled (docs/newsletter.md#suppression). Not started.
 */
export function mailService(
  database: SharedDatabase,
  config: Pick<ServerConfig, 'mail' | 'outboxDir'>,
  verp: VerpAddresses,
  kinds: Readonly<Record<string, MailKind>>,
  options: Pick<MailSenderOptions, 'pollMs' | 'stopGraceMs' | 'log' | 'concurrency'> = {},
): MailService {
  const jobs = mailJobsOf(database, config);
  const { dkim } = config.mail;
  const transport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, { dkim })
    : fileTransport(config.outboxDir, { dkim });
  const sender = mailSender({
    jobs,
    transport,
    kinds,
    retry: { firstMs: config.mail.retryMs, maxMs: config.mail.retryMaxMs },
    verp,
    refusal: suppressedJobRefusal(database),
    ...options,
  });
  return { jobs, sender, transport, verp };
}
