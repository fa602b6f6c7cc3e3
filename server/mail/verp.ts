import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Per-mail addresses (VERP, docs/newsletter.md#suppression): the envelope sender of each mail is
 * `bounce+{job}-{tag}@{domain}`, so a bounce names the job it is about, and `unsubscribe+{job}-{tag}@{domain}` is the
 * `mailto:` of its List-Unsubscribe header. `domain` is `MAIL_BOUNCE_DOMAIN` (src/shared/config.ts). Job numbers
 * count up and every subscriber reads their own, so the tag makes the address unguessable: a keyed hash (HMAC-SHA256)
 * of the kind, the job and its recipient under a secret every instance shares (`mailTags`, server/secrets.ts). Only
 * the mail's own recipient, and the systems that handled the mail, ever see it.
 */

/** What a per-mail address is for. */
export type VerpKind = 'bounce' | 'unsubscribe';

/** Characters of the tag: 16 of base32's lower-case alphabet, 80 bits (docs/constants.md#limits). */
export const VERP_TAG_LENGTH = 16;

/** The local part of the intake's fixed address for feedback-loop reports (docs/operations.md#bounces-and-complaints). */
export const FEEDBACK_LOCAL_PART = 'feedback';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** The first `length` base32 characters of `bytes` (RFC 4648's alphabet, lower case: mail systems may fold case). */
function base32(bytes: Buffer, length: number): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && text.length < length) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (text.length === length) break;
  }
  return text;
}

/** What a per-mail address says: its kind, its job, and its tag (absent in the addresses of mails sent before tags). */
export interface ReadVerpAddress {
  kind: VerpKind;
  jobId: number;
  tag?: string;
}

/** A per-mail address of a kind for a mail job; untagged when `tag` is not given (as mails before tags had it). */
export function verpAddress(kind: VerpKind, jobId: number, domain: string, tag?: string): string {
  return `${kind}+${jobId}${tag === undefined ? '' : `-${tag}`}@${domain}`;
}

/**
 * The kind, job and tag a per-mail address names, or undefined for any other address (another domain, another local
 * part, a job number that is not a positive whole number, a tag of another length or alphabet). Case-insensitive, as
 * mail systems treat the domain (and some the local part).
 */
export function parseVerpAddress(address: string, domain: string): ReadVerpAddress | undefined {
  const match = new RegExp(
    `^(bounce|unsubscribe)\\+([1-9]\\d{0,14})(?:-([a-z2-7]{${VERP_TAG_LENGTH}}))?@(.+)$`,
    'i',
  ).exec(address.trim().replace(/^<|>$/g, ''));
  if (!match || match[4]!.toLowerCase() !== domain.toLowerCase()) return undefined;
  const read: ReadVerpAddress = { kind: match[1]!.toLowerCase() as VerpKind, jobId: Number(match[2]) };
  if (match[3] !== undefined) read.tag = match[3].toLowerCase();
  return read;
}

/** The per-mail addresses of one bounce domain under one secret. */
export interface VerpAddresses {
  /** The bounce domain (`MAIL_BOUNCE_DOMAIN`). */
  readonly domain: string;
  /** The intake's fixed address for feedback-loop reports: `feedback@{domain}`. */
  readonly feedbackAddress: string;
  /** The tag of a job's address of a kind: HMAC over kind, job and recipient (trimmed, lower-cased). */
  tag(kind: VerpKind, jobId: number, recipient: string): string;
  /** The tagged address of a kind for a job. */
  address(kind: VerpKind, job: { id: number; recipient: string }): string;
  /** What an address names (see {@link parseVerpAddress}). */
  read(address: string): ReadVerpAddress | undefined;
  /** Whether `tag` is the job's tag of that kind, compared in constant time. */
  verify(kind: VerpKind, jobId: number, recipient: string, tag: string): boolean;
}

/** The per-mail addresses of `domain`, tagged with `secret` (docs/newsletter.md#suppression). */
export function verpAddresses(secret: string, domain: string): VerpAddresses {
  const tag = (kind: VerpKind, jobId: number, recipient: string) =>
    base32(
      createHmac('sha256', secret).update(`${kind}\n${jobId}\n${recipient.trim().toLowerCase()}`).digest(),
      VERP_TAG_LENGTH,
    );
  return {
    domain,
    feedbackAddress: `${FEEDBACK_LOCAL_PART}@${domain}`,
    tag,
    address: (kind, job) => verpAddress(kind, job.id, domain, tag(kind, job.id, job.recipient)),
    read: (address) => parseVerpAddress(address, domain),
    verify(kind, jobId, recipient, given) {
      const expected = Buffer.from(tag(kind, jobId, recipient));
      const actual = Buffer.from(given.toLowerCase());
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
