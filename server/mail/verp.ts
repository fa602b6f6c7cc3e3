/**
 * Per-mail addresses (VERP): the envelope sender of each mail is `bounce+{job}@{domain}`, so a bounce names the job
 * it is about, and `unsubscribe+{job}@{domain}` is the `mailto:` of its List-Unsubscribe header
 * (docs/newsletter.md#mail-delivery). `domain` is `MAIL_BOUNCE_DOMAIN` (src/shared/config.ts).
 */

/** What a per-mail address is for. */
export type VerpKind = 'bounce' | 'unsubscribe';

/** The per-mail address of a kind for a mail job. */
export function verpAddress(kind: VerpKind, jobId: number, domain: string): string {
  return `${kind}+${jobId}@${domain}`;
}

/**
 * The kind and job a per-mail address names, or undefined for any other address (another domain, another local part,
 * a job number that is not a positive whole number). Case-insensitive, as mail systems treat the domain.
 */
export function parseVerpAddress(address: string, domain: string): { kind: VerpKind; jobId: number } | undefined {
  const match = /^(bounce|unsubscribe)\+([1-9]\d{0,14})@(.+)$/i.exec(address.trim().replace(/^<|>$/g, ''));
  if (!match || match[3]!.toLowerCase() !== domain.toLowerCase()) return undefined;
  return { kind: match[1]!.toLowerCase() as VerpKind, jobId: Number(match[2]) };
}
