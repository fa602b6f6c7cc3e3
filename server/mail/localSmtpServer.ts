import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from './outboxReader.ts';

/** A message as the local SMTP server received it. */
export interface ArrivedMail extends ReceivedMail {
  /** When its DATA ended (ms since the epoch). */
  arrivedAt: number;
}

/** A real SMTP server on loopback, for tests and the bench. */
export interface LocalSmtpServer {
  /** `smtp://127.0.0.1:{port}` for `SMTP_URL`. */
  url: string;
  /** Every message accepted so far, in order of arrival. */
  received: ArrivedMail[];
  /** From now on, refuse every connection with this reply code (e.g. 421, "try again later"); null accepts again. */
  refuse(code: number | null): void;
  /** How many connections were refused. */
  refusals(): number;
  close(): Promise<void>;
}

/**
 * Starts smtp-server on a free loopback port: no TLS, no login, every message parsed with mailparser as a mail
 * client would read it. `parse: false` keeps only the arrival time (for counting at speed).
 */
export async function startLocalSmtpServer({ parse = true }: { parse?: boolean } = {}): Promise<LocalSmtpServer> {
  const received: ArrivedMail[] = [];
  let refusing: number | null = null;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Loopback only: no reverse DNS look-up of the client (it costs about 100 ms per connection here).
    disableReverseLookup: true,
    onConnect(_session, callback) {
      if (refusing === null) return callback();
      refused += 1;
      callback(Object.assign(new Error('Service not available, try again later'), { responseCode: refusing }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const arrivedAt = Date.now();
        const raw = Buffer.concat(chunks);
        if (!parse) {
          received.push({ arrivedAt } as ArrivedMail);
          callback();
          return;
        }
        parseMail(raw).then(
          (mail) => {
            received.push({ ...mail, arrivedAt });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (code) => void (refusing = code),
    refusals: () => refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
