import { sql } from 'kysely';
import { rowsOfSql } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { IysClient } from '../iys/client.ts';
import { eraseAddressNow, type Erased, type ErasureRefusal } from './erasure.ts';
import type { OpenedSubscriber } from './subscriberStore.ts';

/** How often an erasure starts again when İYS got a newer consent of the address while its `RET` was on the way. */
const ERASURE_ATTEMPTS = 3;

/** Why an erasure did not happen now: İYS is needed (a TR consent to withdraw) but did not take the `RET`. */
export const IYS_UNAVAILABLE = 'iys unavailable';

/** The last İYS queue row of an address, and whether İYS still has to be told `RET` before the data goes. */
interface IysStanding {
  lastId: number;
  recipient: string;
  due: boolean;
}

/** Where İYS stands for an address (docs/newsletter.md#iys): due unless its last row is an accepted `RET`. */
async function iysStandingOf(database: SharedDatabase, address: string): Promise<IysStanding | undefined> {
  const [last] = await database.run((db) =>
    rowsOfSql(
      db,
      sql<{ id: number; recipient: string; status: string; state: string }>`
        SELECT id, recipient, status, state FROM iys_sync
        WHERE lower(recipient) = lower(${address})
          OR subscriber_id IN (SELECT id FROM subscribers WHERE lower(email) = lower(${address}))
        ORDER BY id DESC LIMIT 1`,
    ),
  );
  if (!last) return undefined;
  const settled = last.status === 'RET' && last.state === 'accepted';
  return { lastId: Number(last.id), recipient: last.recipient, due: !settled };
}

/**
 * Erases an address (docs/newsletter.md#erasure). For a TR consent İYS is told `RET` first, synchronously; when İYS
 * does not take it, nothing is erased ({@link IYS_UNAVAILABLE}, to be tried again). Shared by the preferences
 * page's call (with `opened`, the subscription its token opened) and `npm run subscriber -- erase`.
 */
export async function eraseAddress(
  database: SharedDatabase,
  iys: IysClient | undefined,
  address: string,
  opened?: OpenedSubscriber,
): Promise<Erased | ErasureRefusal | typeof IYS_UNAVAILABLE> {
  for (let attempt = 0; attempt < ERASURE_ATTEMPTS; attempt += 1) {
    const standing = await iysStandingOf(database, address);
    if (standing?.due) {
      const outcome = await iys?.register({ recipient: standing.recipient, status: 'RET', at: new Date() });
      if (outcome?.kind !== 'accepted') return IYS_UNAVAILABLE;
    }
    const erased = await eraseAddressNow(database, address, { opened, iysUpTo: standing?.lastId ?? 0 });
    if (erased !== 'iys changed') return erased;
  }
  return IYS_UNAVAILABLE;
}
