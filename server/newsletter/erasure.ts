import { sql, type Kysely } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { erasedAddressOf } from '../mail/erasedAddresses.ts';
import { suppressionStatements } from '../mail/suppressions.ts';
import { erasePersonalData } from './subscriberColumns.ts';
import { subscriberStatements, type OpenedSubscriber } from './subscriberStore.ts';
import { voucherStatements } from './vouchers.ts';

/** What an erasure removed: the shops the address was known in (subscription or suppression), none when unknown. */
export interface Erased {
  shops: string[];
}

/** The subscription row an erasure ends: its id, shop and status. */
interface ErasedRow {
  id: number;
  site: string | null;
  status: string;
}

/** Why an erasure body changed nothing: the token no longer opens the subscription, or İYS has a newer consent. */
export type ErasureRefusal = 'token gone' | 'iys changed';

/**
 * The transaction of an erasure (docs/newsletter.md#erasure): every personal field of the address goes from every
 * table; what the law needs and what stops abuse stays under the address's keyed hash
 * (docs/newsletter.md#what-stays-after-erasure). With `opened` (the preferences page) it erases only while that
 * token still opens the subscription; `iysUpTo` is the last İYS queue row a `RET` already covered: a newer consent
 * queued meanwhile refuses the erasure, to be tried again.
 */
export function* eraseAddressBody(
  db: Kysely<SharedTables>,
  address: string,
  now: Date,
  guard: { opened?: OpenedSubscriber; iysUpTo?: number } = {},
): StatementSteps<Erased | ErasureRefusal> {
  const at = now.toISOString();
  const [row] = yield* rowsOfSql(
    db,
    sql<ErasedRow>`SELECT id, site, status FROM subscribers WHERE lower(email) = lower(${address})`,
  );
  const { opened, iysUpTo } = guard;
  if (opened) {
    const [open] = yield* rowsOfSql(
      db,
      sql`SELECT id FROM subscribers WHERE id = ${opened.id} AND status = 'SUBSCRIBED'
        AND preferences_token_hash = ${opened.token_hash}`,
    );
    if (!open || row?.id !== opened.id) return 'token gone';
  }
  if (row) {
    const [newer] = yield* rowsOfSql(
      db,
      sql`SELECT id FROM iys_sync WHERE (subscriber_id = ${row.id} OR lower(recipient) = lower(${address}))
        AND status = 'ONAY' AND id > ${iysUpTo ?? 0} LIMIT 1`,
    );
    if (newer) return 'iys changed';
  }
  const hashed = (yield* erasedAddressOf(db, address, true))!;
  const shops = new Set<string>();
  if (row) {
    if (row.site) shops.add(row.site);
    if (row.status === 'SUBSCRIBED' || row.status === 'WAITING_FOR_DOI')
      yield* subscriberStatements.logEvent(db, row.id, 'WITHDRAWN', 'erasure', at);
    yield sql`UPDATE consent_events SET email = ${hashed.address} WHERE subscriber_id = ${row.id}`.compile(db);
    yield* voucherStatements.erase(db, row.id, hashed.mailbox);
    yield sql`DELETE FROM iys_sync WHERE subscriber_id = ${row.id}`.compile(db);
    yield sql`DELETE FROM mail_jobs WHERE subscriber_id = ${row.id}`.compile(db);
    // The row stays, without anything personal, as the consent proof's anchor: its email is the keyed hash and the
    // row's id (a later sign-up and erasure of the same address makes a row of its own).
    yield sql`UPDATE subscribers SET status = 'ERASED', email = ${`${hashed.address}#${row.id}`},
        ${sql.raw(erasePersonalData)}, origin_addition = '', doi_token_hash = NULL, doi_token_expires_at = NULL,
        preferences_token_hash = NULL, unsubscribed_at = COALESCE(unsubscribed_at, ${at}), updated_at = ${at}
      WHERE id = ${row.id}`.compile(db);
  }
  yield sql`DELETE FROM iys_sync WHERE lower(recipient) = lower(${address})`.compile(db);
  yield sql`DELETE FROM mail_jobs WHERE lower(recipient) = lower(${address})`.compile(db);
  const suppressed = yield* suppressionStatements.listFor(db, address);
  for (const suppression of suppressed) shops.add(suppression.site);
  yield* suppressionStatements.erase(db, address, hashed.address);
  yield sql`DELETE FROM customers WHERE lower(email) = lower(${address})`.compile(db);
  return { shops: [...shops].sort() };
}

/** Runs {@link eraseAddressBody} and clears what the engine still holds of the erased rows (`afterErasure`). */
export async function eraseAddressNow(
  database: SharedDatabase,
  address: string,
  guard: { opened?: OpenedSubscriber; iysUpTo?: number } = {},
): Promise<Erased | ErasureRefusal> {
  const erased = await database.atomically((db) => eraseAddressBody(db, address, new Date(), guard));
  if (typeof erased !== 'string') database.afterErasure();
  return erased;
}
