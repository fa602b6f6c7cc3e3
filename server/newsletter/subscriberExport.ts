import { sql, type Kysely } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { suppressionStatements } from '../mail/suppressions.ts';
import { SUBSCRIBER_EXPORT_VERSION, type SubscriberExport } from './exportSchema.ts';
import { fieldColumns, toSubscriber } from './subscriberColumns.ts';
import type { SubscriberRow } from './subscriberStore.ts';
import { voucherStatements } from './vouchers.ts';

/** A subscription row with what the export shows beyond the route's columns. */
type ExportedRow = SubscriberRow & {
  consent_text_version: string | null;
  consented_at: string | null;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  last_opened_at: string | null;
};

/** The subscription part of the export. */
type ExportedSubscription = NonNullable<SubscriberExport['subscription']>;

/** The consent log of a subscriber, oldest first. */
function* consentLogOf(db: Kysely<SharedTables>, id: number): StatementSteps<ExportedSubscription['consentLog']> {
  const rows = yield* rowsOfSql(
    db,
    sql<{ event: string; at: string; channel: string; consents: string; legals: string; v: string | null }>`
      SELECT event, at, channel, consents, legals, consent_text_version AS v FROM consent_events
      WHERE subscriber_id = ${id} ORDER BY id`,
  );
  return rows.map((row) => ({
    event: row.event,
    at: row.at,
    channel: row.channel,
    consents: JSON.parse(row.consents) as string[],
    legals: JSON.parse(row.legals) as string[],
    consentTextVersion: row.v,
  }));
}

/** The mails of a subscriber (without bodies) and its İYS registrations, oldest first. */
function* mailsAndIysOf(
  db: Kysely<SharedTables>,
  id: number,
): StatementSteps<Pick<ExportedSubscription, 'mails' | 'iys'>> {
  const mails = yield* rowsOfSql(
    db,
    sql<{ kind: string; state: string; queuedAt: string; finishedAt: string | null }>`
      SELECT kind, state, created_at AS "queuedAt", finished_at AS "finishedAt" FROM mail_jobs
      WHERE subscriber_id = ${id} ORDER BY id`,
  );
  const iys = yield* rowsOfSql(
    db,
    sql<{ status: string; consentDate: string; state: string; registeredAt: string | null }>`
      SELECT status, consent_date AS "consentDate", state, finished_at AS "registeredAt" FROM iys_sync
      WHERE subscriber_id = ${id} ORDER BY id`,
  );
  return { mails, iys };
}

/** The subscription part of the export of a stored row. */
function* subscriptionOf(db: Kysely<SharedTables>, row: ExportedRow): StatementSteps<ExportedSubscription> {
  const { status: _status, ...fields } = toSubscriber({ ...row, status: 'SUBSCRIBED' });
  const vouchers = yield* voucherStatements.ofSubscriber(db, row.id);
  return {
    shop: row.site,
    status: row.status as ExportedSubscription['status'],
    fields,
    consentTextVersion: row.consent_text_version,
    signedUpAt: row.consented_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    lastOpenedAt: row.last_opened_at,
    consentLog: yield* consentLogOf(db, row.id),
    vouchers: vouchers.map((voucher) => ({
      code: voucher.code,
      percent: Number(voucher.percent),
      issuedAt: voucher.issued_at,
      validUntil: voucher.valid_until,
    })),
    ...(yield* mailsAndIysOf(db, row.id)),
  };
}

/**
 * Everything stored about an address (docs/newsletter.md#export), or undefined when nothing is: no subscription
 * (an erased one included: its row no longer holds the address) and no suppression.
 */
export function* subscriberExportOf(
  db: Kysely<SharedTables>,
  address: string,
  now: Date,
): StatementSteps<SubscriberExport | undefined> {
  const [row] = yield* rowsOfSql(
    db,
    sql<ExportedRow>`SELECT id, ${sql.raw(fieldColumns)}, site, status, doi_token_expires_at, consent_text_version,
        consented_at, confirmed_at, unsubscribed_at, last_opened_at
      FROM subscribers WHERE lower(email) = lower(${address})`,
  );
  const suppressions = yield* suppressionStatements.listFor(db, address);
  if (!row && suppressions.length === 0) return undefined;
  return {
    version: SUBSCRIBER_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    address: row?.email ?? address.trim(),
    subscription: row ? yield* subscriptionOf(db, row) : null,
    suppressions: suppressions.map((entry) => ({ shop: entry.site, reason: entry.reason, since: entry.since })),
  };
}
