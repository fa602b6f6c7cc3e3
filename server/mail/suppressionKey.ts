/**
 * The key an address is suppressed under: the address as mailed, trimmed and lower-cased. Not the mailbox key of the
 * vouchers (server/newsletter/mailboxKey.ts): a bounce reports on exactly the address that was mailed, and a `+tag`
 * that one mail system refuses says nothing about the address without it (docs/newsletter.md#suppression).
 */
export function suppressionKey(address: string): string {
  return address.trim().toLowerCase();
}
