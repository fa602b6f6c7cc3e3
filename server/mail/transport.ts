import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import addressparser from 'nodemailer/lib/addressparser';
import type { DkimSigning } from '../../src/shared/dkimSettings.ts';
import { afterMessageSent } from './retry.ts';
import { OWNER_ONLY_FILE_MODE, ownerOnlyFolder } from '../ownerOnly.ts';

/** One message, complete: nodemailer builds the MIME (multipart/alternative, UTF-8, encoded headers) from it. */
export interface OutgoingMessage {
  from: string;
  replyTo: string;
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** `<…@…>`, the same on every attempt of a job. */
  messageId: string;
  date: Date;
  /** Further headers, e.g. `Content-Language`, `List-Unsubscribe`. */
  headers: Record<string, string>;
  /** The SMTP envelope (`MAIL FROM`, `RCPT TO`) when it differs from From and To: the per-mail bounce address. */
  envelope?: { from: string; to: string };
}

/** Which job a message belongs to: the file outbox names its file after it. */
export interface DeliveryTarget {
  id: number;
  messageId: string;
}

/** How a message was handed over: now, or (the file outbox only) by an earlier attempt of the same job. */
export type Delivery = 'delivered' | 'delivered before';

/** Where mails go (docs/newsletter.md#mail-delivery). */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  /**
   * Whether a job can be handed over again after a crash during its hand-over without risking a second copy: the
   * file outbox can tell (one file per job, written at once), an SMTP server cannot be asked.
   */
  readonly knowsEarlierDeliveries: boolean;
  /**
   * Hands one message over; throws the transport's error when it is refused or cannot be reached. Calls `handingOver`
   * at the last moment before which the message surely has not arrived (SMTP: connected and logged in, right before
   * `MAIL FROM`), so that a crash before it leaves the job safe to send again; waits for it (it records the moment).
   */
  send(message: OutgoingMessage, target: DeliveryTarget, handingOver?: () => Promise<void> | void): Promise<Delivery>;
  /** For the log: `SMTP mail.example:587` or the outbox folder. */
  readonly description: string;
  close(): void;
}

/**
 * The message as nodemailer writes it for the wire (MIME, encoded headers, CRLF line ends), DKIM-signed by nodemailer
 * when `dkim` is given (docs/operations.md#sending-domain-dkim-spf-dmarc). Both transports send these bytes.
 */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
async function compose(message: OutgoingMessage, dkim: DkimSigning | undefined): Promise<Buffer> {
  return ((await composer.sendMail(dkim ? { ...message, dkim } : message)) as { message: Buffer }).message;
}

/**
 * Runs one step of an SMTP connection (a method with a callback) as a promise that also fails when the connection
 * reports an error or closes instead of calling back (a refused greeting is only an `error` event).
 */
function step<T>(
  connection: SMTPConnection,
  run: (done: (error?: Error | null, result?: T) => void) => void,
): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => finish(error);
    const closed = () => finish(new Error('The SMTP server closed the connection'));
    function finish(error?: Error | null, result?: T) {
      connection.off('error', fail);
      connection.off('end', closed);
      if (error) reject(error);
      else resolve(result);
    }
    connection.once('error', fail);
    connection.once('end', closed);
    run(finish);
  });
}

/** How long an SMTP server may stay silent before the attempt fails (docs/constants.md#timings). */
export const SMTP_SOCKET_TIMEOUT_MS = 30_000;

/** How long an idle SMTP connection is kept for the next message before it is closed. */
const SMTP_IDLE_MS = 5000;

/**
 * SMTP with nodemailer's SMTP client: connect (STARTTLS when offered) and log in, then `handingOver()`, then
 * `MAIL FROM`, `RCPT TO`, `DATA`. So a refusal or a dead server at connecting or logging in can never leave a job in
 * doubt. A connection that delivered is kept for the next message for a few seconds (servers greet slowly on
 * purpose, 100 ms and more); one that failed is closed. Time-outs make a silent server fail an attempt instead of
 * hanging it.
 */
export function smtpTransport(
  smtpUrl: string,
  { socketTimeoutMs = SMTP_SOCKET_TIMEOUT_MS, dkim }: { socketTimeoutMs?: number; dkim?: DkimSigning } = {},
): MailTransport {
  const { auth, ...options } = parseConnectionUrl(smtpUrl);
  const connectionOptions = {
    ...options,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: socketTimeoutMs,
  };
  const url = new URL(smtpUrl);
  const idle = new Map<SMTPConnection, NodeJS.Timeout>();

  function forget(connection: SMTPConnection) {
    clearTimeout(idle.get(connection));
    idle.delete(connection);
  }
  function keep(connection: SMTPConnection) {
    const timer = setTimeout(() => {
      forget(connection);
      connection.quit();
    }, SMTP_IDLE_MS);
    timer.unref();
    idle.set(connection, timer);
  }
  async function connect(): Promise<SMTPConnection> {
    const reused = idle.keys().next().value;
    if (reused) {
      forget(reused);
      return reused;
    }
    const connection = new SMTPConnection(connectionOptions);
    // Errors after the last step, or while the connection waits idle, have nobody else to go to.
    connection.on('error', () => forget(connection));
    connection.on('end', () => forget(connection));
    await step<void>(connection, (done) => connection.connect((error) => done(error)));
    if (auth) await step(connection, (done) => connection.login(auth, done));
    return connection;
  }

  return {
    kind: 'smtp',
    knowsEarlierDeliveries: false,
    description: `SMTP ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`,
    async send(message, _target, handingOver = () => {}) {
      const raw = await compose(message, dkim);
      const from =
        (addressparser(message.from, { flatten: true })[0] as { address?: string } | undefined)?.address ?? '';
      let connection: SMTPConnection | undefined;
      // Whether the server has read the whole message: an error after that (no answer, a closed connection) leaves
      // the mail in doubt, and it is not sent again (docs/newsletter.md#mail-delivery).
      let messageSent = false;
      const body = Readable.from([raw]).once('end', () => (messageSent = true));
      try {
        connection = await connect();
        await handingOver();
        const envelope = { from: message.envelope?.from ?? from, to: [message.envelope?.to ?? message.to] };
        await step(connection, (done) => connection!.send(envelope, body, done));
      } catch (error) {
        connection?.close();
        throw messageSent && error instanceof Error ? afterMessageSent(error) : error;
      }
      keep(connection);
      return 'delivered';
    },
    close() {
      for (const connection of [...idle.keys()]) {
        forget(connection);
        connection.quit();
      }
    },
  };
}

/**
 * The file name of a job's message: the Message-ID's time stamp and random part plus the job id, so names sort by
 * when the mail was queued and never collide, not even between two databases writing into one folder.
 */
export function outboxFileName(target: DeliveryTarget): string {
  const [stamp = '', random = ''] = target.messageId.replace(/^<|@.*$/g, '').split('.');
  return `${stamp}-${String(target.id).padStart(8, '0')}-${random}.eml`;
}

/**
 * The file outbox: each message one `.eml` file in `dir`, as nodemailer writes it for the wire. Idempotent per job:
 * the message is written to a temporary file, flushed to disk, and linked under its final name, which fails if that
 * name exists; a job whose file exists was delivered before. So a job is never written twice, even when the process
 * died after writing and before the job was marked sent. A folder that is missing is created; one that cannot be
 * written fails the attempt (and the job is tried again later). Signed like SMTP mail when `dkim` is given.
 */
export function fileTransport(dir: string, { dkim }: { dkim?: DkimSigning } = {}): MailTransport {
  return {
    kind: 'file',
    knowsEarlierDeliveries: true,
    description: `the outbox folder ${dir}`,
    async send(message, target, handingOver = () => {}) {
      const file = path.join(dir, outboxFileName(target));
      if (fs.existsSync(file)) return 'delivered before';
      const raw = await compose(message, dkim);
      // The mails hold the subscribers' links: owner-only, like the database (docs/security.md#data-at-rest).
      ownerOnlyFolder(dir);
      await handingOver();
      const temporary = `${file}.tmp`;
      const handle = fs.openSync(temporary, 'w', OWNER_ONLY_FILE_MODE);
      try {
        fs.writeSync(handle, raw);
        fs.fsyncSync(handle);
      } finally {
        fs.closeSync(handle);
      }
      try {
        fs.linkSync(temporary, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return 'delivered before';
      } finally {
        fs.rmSync(temporary, { force: true });
      }
      return 'delivered';
    },
    close: () => {},
  };
}
