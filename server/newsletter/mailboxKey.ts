import { domainToASCII } from 'node:url';

/**
 * Mail providers known to ignore dots in the local part (`a.n.n.a@gmail.com` is `anna@gmail.com`), with the domain
 * their mailboxes are counted under (googlemail.com is gmail.com). docs/newsletter.md#welcome-voucher.
 */
export const DOT_IGNORING_DOMAINS: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address delivers to, as a key for "one per mailbox": lower-cased, without a `+tag`, the domain in
 * its ASCII (punycode) form, and without dots where the provider ignores them. Only a key: the address is stored
 * and mailed as typed. `anna+promo@GMAIL.com`, `a.n.n.a@googlemail.com` → `anna@gmail.com`;
 * `anna@bücher.example` → `anna@xn--bcher-kva.example`.
 */
export function mailboxKey(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address.trim().toLowerCase();
  let local = address.slice(0, at).trim().toLowerCase();
  const typedDomain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const asciiDomain = domainToASCII(typedDomain) || typedDomain;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const provider = DOT_IGNORING_DOMAINS.get(asciiDomain);
  if (provider) local = local.replaceAll('.', '');
  return `${local}@${provider ?? asciiDomain}`;
}
