import type { SubscriberExport } from './exportSchema.ts';

/** A time as `2026-11-28 23:12 UTC`. */
const shown = (time: string | null) => (time ? `${time.slice(0, 16).replace('T', ' ')} UTC` : '–');

/**
 * What `npm run subscriber -- show` prints (docs/commands.md#subscriber): the export, readable, in a few lines per
 * shop.
 */
export function subscriberSummary(exported: SubscriberExport): string {
  const lines = [`Address: ${exported.address}`];
  const subscription = exported.subscription;
  if (subscription) {
    const { fields } = subscription;
    const names = [fields.salutation, fields.firstName, fields.lastName].filter(Boolean).join(' ') || '–';
    lines.push(
      `Shop ${subscription.shop ?? '?'}: ${subscription.status}`,
      `  signed up ${shown(subscription.signedUpAt)}, confirmed ${shown(subscription.confirmedAt)}, ended ${shown(subscription.unsubscribedAt)}`,
      `  name: ${names}; consents: ${fields.consents.join(', ') || '–'}; text version ${subscription.consentTextVersion ?? '–'}`,
      `  consent log: ${subscription.consentLog.map((entry) => `${entry.event} ${shown(entry.at)} (${entry.channel})`).join('; ')}`,
    );
    for (const voucher of subscription.vouchers)
      lines.push(
        `  voucher ${voucher.code}: ${voucher.percent} %, issued ${shown(voucher.issuedAt)}, valid until ${shown(voucher.validUntil)}`,
      );
    lines.push(
      `  mails: ${subscription.mails.map((mail) => `${mail.kind} ${mail.state} ${shown(mail.queuedAt)}`).join('; ') || '–'}`,
    );
    if (subscription.iys.length > 0)
      lines.push(
        `  İYS: ${subscription.iys.map((entry) => `${entry.status} ${entry.state} ${shown(entry.consentDate)}`).join('; ')}`,
      );
  }
  for (const suppression of exported.suppressions)
    lines.push(`Suppressed in ${suppression.shop}: ${suppression.reason} since ${shown(suppression.since)}`);
  return lines.join('\n');
}
