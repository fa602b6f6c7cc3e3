import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { rowsOf, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { mailboxKey } from '../newsletter/mailboxKey.ts';
import { suppressionKey } from './suppressionKey.ts';

/** The `settings` row of the key erased addresses are hashed with (docs/newsletter.md#what-stays-after-erasure). */
export const ERASURE_KEY_SETTING = 'erasureKey';

/** What every kept hash starts with: no address has this form (it has no `@`), so the two never meet. */
export const ERASED_PREFIX = 'erased:';

/** The keyed hashes an erased address is kept as, instead of the address (docs/newsletter.md#what-stays-after-erasure). */
export interface ErasedAddress {
  /** Of the address as mailed (trimmed, lower case): the suppression list and the consent proof. */
  address: string;
  /** Of its mailbox key (server/newsletter/mailboxKey.ts): the voucher-once rule. */
  mailbox: string;
}

/** The keyed hash (HMAC-SHA-256, hex) of a value, with {@link ERASED_PREFIX}. */
export function keyedHash(key: string, value: string): string {
  return ERASED_PREFIX + createHmac('sha256', key).update(value).digest('hex');
}

/**
 * The keyed hashes of an address, or undefined when nothing was ever erased (no key yet) and `create` is false. With
 * `create` (an erasure) the key is made once, on the first erasure, and kept in `settings` with the other generated
 * secrets (docs/security.md#erasure).
 */
export function* erasedAddressOf(
  db: Kysely<SharedTables>,
  address: string,
  create = false,
): StatementSteps<ErasedAddress | undefined> {
  if (create)
    yield db
      .insertInto('settings')
      .values({ name: ERASURE_KEY_SETTING, value: randomBytes(32).toString('base64url') })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .compile();
  const [row] = yield* rowsOf(db.selectFrom('settings').select('value').where('name', '=', ERASURE_KEY_SETTING));
  if (!row) return undefined;
  return { address: keyedHash(row.value, suppressionKey(address)), mailbox: keyedHash(row.value, mailboxKey(address)) };
}
