/**
 * Addresses as logs and reports show them (docs/security.md#data-at-rest): the first character of the local part,
 * then `***@` and the domain, `a***@example.com`. SMTP servers quote the recipient in their refusals
 * (`550 <anna@example.com>: Recipient address rejected`), so every logged reply, error and job line goes through
 * {@link maskAddressesIn}.
 */

/** An address as the report shows it: the first character of the local part, then `***@` and the domain. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** A text with every e-mail address in it masked (SMTP errors often quote the recipient). */
export function maskAddressesIn(text: string): string {
  return text.replace(/[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g, maskAddress);
}

/** The console methods a background worker logs with. */
export type WorkerLog = Pick<Console, 'log' | 'warn' | 'error'>;

/** A text for the log: an Error's stack (or message), else the value as text, with every address masked. */
export function maskedText(value: unknown): string {
  if (value instanceof Error) return maskAddressesIn(value.stack ?? `${value.name}: ${value.message}`);
  return maskAddressesIn(typeof value === 'string' ? value : String(value));
}

/** A log whose every line has its addresses masked before it reaches `log`. */
export function maskedLog<T extends Partial<WorkerLog>>(log: T): T {
  const masked = { ...log };
  for (const level of ['log', 'warn', 'error'] as const) {
    const write = log[level];
    if (typeof write === 'function')
      (masked as Partial<WorkerLog>)[level] = (...parts: unknown[]) => write.call(log, ...parts.map(maskedText));
  }
  return masked;
}
