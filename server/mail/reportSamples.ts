import net from 'node:net';
import nodemailer from 'nodemailer';

/**
 * Reports as mail systems write them, for the bounce tests (docs/newsletter.md#suppression): a Postfix-style DSN
 * (RFC 3464) and an ARF complaint (RFC 5965), each about one message of ours.
 */

/** A DSN for one recipient: `Action: failed` with `5.1.1` is a hard bounce, `4.2.2` (or `delayed`) a soft one. */
export function sampleDsn({
  to,
  recipient,
  messageId,
  action = 'failed',
  status = '5.1.1',
}: {
  to: string;
  recipient: string;
  messageId: string;
  action?: 'failed' | 'delayed';
  status?: string;
}): string {
  return [
    'From: MAILER-DAEMON@mx.example.com (Mail Delivery System)',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Wed, 25 Nov 2026 11:00:00 +0000',
    'Message-ID: <20261125110000.ABC123@mx.example.com>',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="ABC123.1764068400/mx.example.com"',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--ABC123.1764068400/mx.example.com',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.example.com.',
    '',
    "I'm sorry to have to inform you that your message could not",
    'be delivered to one or more recipients.',
    '',
    '--ABC123.1764068400/mx.example.com',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.com',
    'X-Postfix-Queue-ID: ABC123',
    'Arrival-Date: Wed, 25 Nov 2026 10:59:58 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    'Remote-MTA: dns; mailbox.example.com',
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550' : '452'} ${status} mailbox problem`,
    '',
    '--ABC123.1764068400/mx.example.com',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Aroma Newsletter <newsletter@aroma.example>',
    `To: ${recipient}`,
    `Message-ID: ${messageId}`,
    'Subject: Newsletter',
    '',
    '--ABC123.1764068400/mx.example.com--',
    '',
  ].join('\r\n');
}

/**
 * An ARF abuse report about one of our messages, its recipient redacted as providers do. `returned` are further header
 * lines of the returned message (its `Return-Path`, its `List-Unsubscribe`: where our tags are); `originalRcptTo`
 * names the recipient in the feedback part, as some providers do.
 */
export function sampleComplaint({
  to,
  messageId,
  returned = [],
  originalRcptTo,
}: {
  to: string;
  messageId: string;
  returned?: string[];
  originalRcptTo?: string;
}): string {
  return [
    'From: feedback@fbl.example.net',
    `To: ${to}`,
    'Subject: FW: Newsletter',
    'Date: Wed, 25 Nov 2026 11:00:00 +0000',
    'Message-ID: <arf-1@fbl.example.net>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="part1_13d.2e68ed54_boundary"',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: text/plain; charset="US-ASCII"',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    'Source-IP: 192.0.2.1',
    ...(originalRcptTo ? [`Original-Rcpt-To: ${originalRcptTo}`] : []),
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: text/rfc822-headers',
    '',
    ...returned,
    'From: Aroma Newsletter <newsletter@aroma.example>',
    'To: redacted@fbl.example.net',
    `Message-ID: ${messageId}`,
    '',
    '--part1_13d.2e68ed54_boundary--',
    '',
  ].join('\r\n');
}

/** A plain mail to an unsubscribe address, as a mail program sends the `mailto:` of List-Unsubscribe. */
export function sampleUnsubscribeMail({ to, from }: { to: string; from: string }): string {
  return [`From: ${from}`, `To: ${to}`, 'Subject: unsubscribe', 'Message-ID: <u-1@mail.example>', '', '.', ''].join(
    '\r\n',
  );
}

/**
 * Sends a raw message over SMTP to the intake, as the bounce domain's MX would, to one or more recipients; answers
 * the server's reply (rejects with its `responseCode` when every recipient is refused).
 */
export async function sendToIntake(port: number, to: string | string[], raw: string): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const recipients = Array.isArray(to) ? to : [to];
    const info = await transport.sendMail({ envelope: { from: 'mailer-daemon@mx.example.com', to: recipients }, raw });
    return info.response;
  } finally {
    transport.close();
  }
}

/**
 * The reply codes of the intake to `RCPT TO` for each recipient in turn, in one SMTP session (what an MTA sees when it
 * hands one message to many recipients); the session ends with `QUIT`.
 */
export async function rcptReplies(port: number, recipients: readonly string[]): Promise<number[]> {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  const replies: string[] = [];
  let buffered = '';
  let waiting: ((line: string) => void) | undefined;
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      // A multi-line reply (`250-…`) ends with its `250 …` line.
      if (/^\d{3} /.test(line)) replies.push(line);
    }
    while (waiting && replies.length > 0) {
      const next = waiting;
      waiting = undefined;
      next(replies.shift()!);
    }
  });
  const reply = () =>
    new Promise<string>((resolve) => {
      if (replies.length > 0) resolve(replies.shift()!);
      else waiting = resolve;
    });
  const command = (line: string) => {
    socket.write(`${line}\r\n`);
    return reply();
  };
  try {
    await reply();
    await command('EHLO mx.example.com');
    await command('MAIL FROM:<mailer-daemon@mx.example.com>');
    const codes: number[] = [];
    for (const recipient of recipients) codes.push(Number((await command(`RCPT TO:<${recipient}>`)).slice(0, 3)));
    await command('QUIT');
    return codes;
  } finally {
    socket.destroy();
  }
}
