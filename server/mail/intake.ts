import type { AddressInfo } from 'node:net';
import { dkimVerifiedDomains, type DkimKeyResolver } from './dkimVerified.ts';
import { maskedLog, type WorkerLog } from './maskAddresses.ts';

/** The largest message the intake accepts: a report with the returned headers fits easily (docs/constants.md#limits). */
export const INTAKE_MAX_MESSAGE_BYTES = 256 * 1024;

/**
 * The most recipients the intake takes in one message, as Postfix's `smtpd_recipient_limit` does; more are answered
 * `452` (docs/constants.md#limits). A report comes to one address.
 */
export const INTAKE_MAX_RECIPIENTS = 10;

/** A received message, as the intake hands it on: its text, and (looked up once, when first asked) its DKIM signers. */
export interface IntakeMessage {
  /** The whole message, each byte one character (latin1), as it came. */
  raw: string;
  /** The domains whose DKIM signature on the message verifies (lower case); none when unsigned or not verified. */
  verifiedDomains(): Promise<string[]>;
}

/** What the intake asks about each recipient and hands on for each message. */
export interface IntakeRules<R> {
  /** What an address given at `RCPT TO` is, or undefined: refused with 550. Asked again for each message. */
  recipient(address: string): Promise<R | undefined>;
  /** One accepted message for one of its accepted recipients. */
  received(recipient: R, message: IntakeMessage): Promise<unknown>;
}

/** A running intake. */
export interface MailIntake {
  /** The port it listens on (the one asked for, or the one picked for port 0). */
  port: number;
  /**
   * Stops accepting and waits for the open sessions to end; when `signal` aborts (the shutdown's time is up), tells
   * those left `421` and closes them.
   */
  close(signal?: AbortSignal): Promise<void>;
}

/** An SMTP error answer with its reply code. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The inbound SMTP listener of bounces, complaints and unsubscribe mails (docs/operations.md#bounces-and-complaints):
 * no login, no TLS (the bounce domain's MX hands mail to it, or a relay in front does). Each recipient is checked at
 * `RCPT TO` by `rules.recipient` (refused with 550, or 451 while the database cannot answer), at most
 * {@link INTAKE_MAX_RECIPIENTS} per message (452 beyond); messages up to {@link INTAKE_MAX_MESSAGE_BYTES} (552 beyond).
 * Each accepted message is handed on once per accepted recipient; a failure answers 451 (the sending MTA tries
 * again). What it logs has its addresses masked.
 */
export async function startMailIntake<R>({
  port,
  host,
  rules,
  resolver,
  log: plainLog = console,
}: {
  port: number;
  host: string;
  rules: IntakeRules<R>;
  /** How DKIM keys are looked up (tests); by default DNS. */
  resolver?: DkimKeyResolver;
  log?: Pick<WorkerLog, 'error'>;
}): Promise<MailIntake> {
  const log = maskedLog(plainLog);
  // Loaded when an intake starts: a server without one (the default) does not load an SMTP server.
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    size: INTAKE_MAX_MESSAGE_BYTES,
    // Beyond it `452` (smtp-server counts distinct accepted recipients; a repeated one replaces itself).
    maxRecipients: INTAKE_MAX_RECIPIENTS,
    onRcptTo(address, _session, callback) {
      rules.recipient(address.address).then(
        (recipient) => callback(recipient === undefined ? smtpError(550, 'No such recipient here') : undefined),
        (error: Error) => {
          log.error(`The mail intake could not check a recipient: ${error.message}`);
          callback(smtpError(451, 'Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(smtpError(552, 'Message too large'));
          return;
        }
        try {
          const raw = Buffer.concat(chunks).toString('latin1');
          let verified: Promise<string[]> | undefined;
          const message: IntakeMessage = {
            raw,
            verifiedDomains: () => (verified ??= dkimVerifiedDomains(raw, resolver)),
          };
          for (const { address } of session.envelope.rcptTo) {
            const recipient = await rules.recipient(address);
            if (recipient !== undefined) await rules.received(recipient, message);
          }
          callback();
        } catch (error) {
          log.error(`The mail intake could not record a report: ${(error as Error).message}`);
          callback(smtpError(451, 'Try again later'));
        }
      });
    },
  });
  server.on('error', (error) => log.error(`The mail intake: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: (signal) =>
      new Promise((resolve) => {
        server.close(() => resolve());
        const closeSessions = () => {
          for (const connection of server.connections) {
            connection.send(421, 'Shutting down, try again later');
            connection.close();
          }
        };
        if (signal?.aborted) closeSessions();
        else signal?.addEventListener('abort', closeSessions, { once: true });
      }),
  };
}
