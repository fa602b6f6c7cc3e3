import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One e-mail as the stand-in mail server writes it. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
}

const FROM = 'Aroma Newsletter <newsletter@aroma.example>';

// Header values with non-ASCII characters must be MIME encoded-words (RFC 2047), or mail clients show mojibake.
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The message in RFC 5322 form, ready to open in any mail client. */
function formatEmail(email: OutgoingEmail, date = new Date()): string {
  return [
    `From: ${FROM}`,
    `To: ${email.to}`,
    `Subject: ${encodeHeader(email.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@aroma.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    email.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

/**
 * Stand-in for sending mail: writes the message as a `.eml` file into `outboxDir` (created when missing)
 * and answers the file's path. Names sort by time so the newest message is the last one.
 */
export function writeToOutbox(outboxDir: string, email: OutgoingEmail): string {
  fs.mkdirSync(outboxDir, { recursive: true });
  const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
  fs.writeFileSync(file, formatEmail(email));
  return file;
}
