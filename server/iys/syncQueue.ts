import { sql, type Kysely, type Selectable } from 'kysely';
import type { Shop } from '../../src/shared/countries.ts';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { iysDeadline } from './iysTimes.ts';

/** What İYS is told: the consent was given (`ONAY`) or withdrawn (`RET`). */
export type IysStatus = 'ONAY' | 'RET';

/** Where a row stands: waiting (or retrying), registered by İYS, or refused by İYS for good (an operator must act). */
export const iysSyncStates = ['pending', 'accepted', 'failed'] as const;
/** One of `iysSyncStates`. */
export type IysSyncState = (typeof iysSyncStates)[number];

/** A row of `iys_sync` (docs/operations.md#iys), its status and state narrowed to what the table's CHECKs allow. */
export type IysSyncRow = Omit<
  Selectable<SharedTables['iys_sync']>,
  'status' | 'state' | 'created_at' | 'finished_at'
> & { status: IysStatus; state: IysSyncState };

/** What `last_error` of a held welcome mail says until İYS accepted the consent. */
export const WAITING_FOR_IYS = 'waiting for İYS to accept the consent (docs/newsletter.md#iys)';

/** The `next_attempt_at` of a held mail job: never due until released. */
const HELD_UNTIL = '9999-12-31T00:00:00.000Z';

/** A consent or withdrawal to register, and the mail job to hold until İYS accepted it (ONAY only). */
export interface IysEvent {
  subscriberId: number;
  shop: Shop;
  recipient: string;
  status: IysStatus;
  at: Date;
  holdMailJobId?: number;
}

/**
 * The `iys_sync` queue (docs/newsletter.md#iys), written once for both engines: queue an event inside the caller's
 * transaction (only for shops that `registersConsentWithIys`), take the oldest pending row, and record İYS's answer.
 * A welcome mail held for an ONAY is released in the transaction that records the acceptance.
 */
export const iysSyncStatements = {
  /**
   * Queues an event if the shop registers consents with İYS (inside the caller's transaction) and holds its mail
   * job; whether it did.
   */
  *enqueue(db: Kysely<SharedTables>, event: IysEvent): StatementSteps<boolean> {
    if (!event.shop.newsletter.registersConsentWithIys) return false;
    const at = event.at.toISOString();
    yield sql`
      INSERT INTO iys_sync (subscriber_id, shop, recipient, status, consent_date, state, next_attempt_at, deadline,
                            held_mail_job_id, created_at)
      VALUES (${event.subscriberId}, ${event.shop.code}, ${event.recipient}, ${event.status}, ${at}, 'pending', ${at},
              ${iysDeadline(event.at).toISOString()}, ${event.holdMailJobId ?? null}, ${at})`.compile(db);
    if (event.holdMailJobId !== undefined)
      yield sql`UPDATE mail_jobs SET next_attempt_at = ${HELD_UNTIL}, last_error = ${WAITING_FOR_IYS}
        WHERE id = ${event.holdMailJobId} AND state = 'queued'`.compile(db);
    return true;
  },
  /** The oldest pending row (due or not: rows go to İYS strictly in order), or undefined. */
  *oldestPending(db: Kysely<SharedTables>): StatementSteps<IysSyncRow | undefined> {
    const rows = yield* rowsOfSql(
      db,
      sql<IysSyncRow>`SELECT * FROM iys_sync WHERE state = 'pending' ORDER BY id LIMIT 1`,
    );
    return rows[0];
  },
  /** İYS registered the row: `accepted`, and the mail held for it is due now; whether a mail was released. */
  *accepted(db: Kysely<SharedTables>, id: number, requestId: string, now: Date): StatementSteps<boolean> {
    const at = now.toISOString();
    yield sql`UPDATE iys_sync SET state = 'accepted', attempts = attempts + 1, request_id = ${requestId},
      last_error = NULL, finished_at = ${at} WHERE id = ${id} AND state = 'pending'`.compile(db);
    const released = yield* rowsOfSql(
      db,
      sql`UPDATE mail_jobs SET next_attempt_at = ${at}, last_error = NULL
        WHERE id = (SELECT held_mail_job_id FROM iys_sync WHERE id = ${id}) AND state = 'queued'
          AND next_attempt_at = ${HELD_UNTIL}
        RETURNING id`,
    );
    return released.length > 0;
  },
  /** İYS could not take it now (busy, unreachable): tried again at `nextAttemptAt`. */
  *retryAt(db: Kysely<SharedTables>, id: number, nextAttemptAt: Date, error: string): StatementSteps<void> {
    yield sql`UPDATE iys_sync SET attempts = attempts + 1, next_attempt_at = ${nextAttemptAt.toISOString()},
      last_error = ${error} WHERE id = ${id} AND state = 'pending'`.compile(db);
  },
  /** İYS refused it for good (4xx): `failed`, with İYS's answer, for an operator to fix and retry. */
  *failed(db: Kysely<SharedTables>, id: number, error: string, now: Date): StatementSteps<void> {
    yield sql`UPDATE iys_sync SET state = 'failed', attempts = attempts + 1, last_error = ${error},
      finished_at = ${now.toISOString()} WHERE id = ${id} AND state = 'pending'`.compile(db);
  },
};
