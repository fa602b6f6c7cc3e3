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

/** An ARF abuse report about one of our messages, its recipient redacted as providers do. */
export function sampleComplaint({ to, messageId }: { to: string; messageId: string }): string {
  return [
    'From: feedback@fbl.example.net',
    `To: ${to}`,
    'Subject: FW: Newsletter',
    'Date: Wed, 25 Nov 2026 11:00:00 +0000',
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
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Aroma Newsletter <newsletter@aroma.example>',
    'To: redacted@fbl.example.net',
    `Message-ID: ${messageId}`,
    '',
    '--part1_13d.2e68ed54_boundary--',
    '',
  ].join('\r\n');
}

/** Sends a raw message over SMTP to the intake, as the bounce domain's MX would; answers the server's reply. */
export async function sendToIntake(port: number, to: string, raw: string): Promise<string> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope: { from: 'mailer-daemon@mx.example.com', to: [to] }, raw });
    return info.response;
  } finally {
    transport.close();
  }
}
