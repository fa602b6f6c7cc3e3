import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** One message as a mail client reads it: parsed with mailparser, as a recipient's client would decode it. */
export interface ReceivedMail {
  /** The `.eml` file (or another name the source gives it). */
  file: string;
  /** The first recipient's address. */
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part, or '' when there is none. */
  html: string;
  /** Every header, lower-case names. */
  headers: ParsedMail['headers'];
  parsed: ParsedMail;
}

/** Parses one raw RFC 5322 message. */
export async function parseMail(raw: string | Buffer, file = ''): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
  return {
    file,
    to: to?.value[0]?.address ?? '',
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    headers: parsed.headers,
    parsed,
  };
}

/**
 * Every message in an outbox folder (`OUTBOX_DIR`), oldest first (the file outbox names its files so that they sort
 * by when they were queued); with `to`, only the messages to that address. Test and tooling support: the services
 * never read their own outbox.
 */
export async function readOutbox(dir: string, { to }: { to?: string } = {}): Promise<ReceivedMail[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const raws = files.map((file) => ({ file, raw: fs.readFileSync(path.join(dir, file)) }));
  // A cheap first look at the raw bytes (an ASCII address is written as it is) before parsing.
  const candidates =
    to === undefined ? raws : raws.filter(({ raw }) => raw.toString('latin1').toLowerCase().includes(to.toLowerCase()));
  const mails = await Promise.all(candidates.map(({ file, raw }) => parseMail(raw, file)));
  return to === undefined ? mails : mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The first link in a mail's text whose path matches, e.g. `/newsletter/confirm/`; throws when there is none. */
export function linkIn(mail: ReceivedMail, pathPart: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.includes(pathPart)) return url;
  }
  throw new Error(`No ${pathPart} link in the mail to ${mail.to} ("${mail.subject}"):\n${mail.text}`);
}
