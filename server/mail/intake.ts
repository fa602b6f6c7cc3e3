import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readDeliveryReport, type DeliveryReport } from './deliveryReports.ts';
import { parseVerpAddress, type VerpKind } from './verp.ts';

/** The largest message the intake accepts: a report with the returned headers fits easily (docs/constants.md#limits). */
export const INTAKE_MAX_MESSAGE_BYTES = 256 * 1024;

/** What the intake hands on for each message: the per-mail address it came to, and the reports it carries. */
export type IntakeHandler = (
  kind: VerpKind,
  jobId: number,
  reports: DeliveryReport[],
  raw: string,
) => Promise<unknown> | void;

/** A running intake. */
export interface MailIntake {
  /** The port it listens on (the one asked for, or the one picked for port 0). */
  port: number;
  close(): Promise<void>;
}

/** An SMTP error answer with its reply code. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The inbound SMTP listener of bounces, complaints and unsubscribe mails (docs/operations.md#bounces-and-complaints):
 * no login, no TLS (the bounce domain's MX hands mail to it, or a relay in front does), recipients only the per-mail
 * addresses of `bounceDomain` (any other is refused at `RCPT TO` with 550), messages up to
 * {@link INTAKE_MAX_MESSAGE_BYTES} (larger ones refused with 552). Each accepted message is handed on once per
 * recipient; a failure of the handler answers 451 (the sending MTA tries again).
 */
export async function startMailIntake({
  port,
  host,
  bounceDomain,
  handle,
  log = console,
}: {
  port: number;
  host: string;
  bounceDomain: string;
  handle: IntakeHandler;
  log?: Pick<Console, 'error'>;
}): Promise<MailIntake> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    size: INTAKE_MAX_MESSAGE_BYTES,
    onRcptTo(address, _session, callback) {
      if (parseVerpAddress(address.address, bounceDomain)) return callback();
      callback(smtpError(550, 'No such recipient here'));
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
          const reports = readDeliveryReport(raw);
          for (const recipient of session.envelope.rcptTo) {
            const verp = parseVerpAddress(recipient.address, bounceDomain);
            if (verp) await handle(verp.kind, verp.jobId, reports, raw);
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
