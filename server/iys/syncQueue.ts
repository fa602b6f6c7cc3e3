import type { DatabaseSync } from 'node:sqlite';
import type { Shop } from '../../src/shared/countries.ts';
import { inTransaction } from '../transaction.ts';
import { iysDeadline } from './iysTimes.ts';

/** What İYS is told: the consent was given (`ONAY`) or withdrawn (`RET`). */
export type IysStatus = 'ONAY' | 'RET';

/** Where a row stands: waiting (or retrying), registered by İYS, or refused by İYS for good (an operator must act). */
export const iysSyncStates = ['pending', 'accepted', 'failed'] as const;
/** One of `iysSyncStates`. */
export type IysSyncState = (typeof iysSyncStates)[number];

/** A row of `iys_sync` (docs/operations.md#iys). */
export interface IysSyncRow {
  id: number;
  subscriber_id: number | null;
  shop: string;
  recipient: string;
  status: IysStatus;
  /** The instant of the consent or withdrawal, UTC ISO 8601 (sent in Istanbul time). */
  consent_date: string;
  state: IysSyncState;
  attempts: number;
  next_attempt_at: string;
  deadline: string;
  last_error: string | null;
  request_id: string | null;
  held_mail_job_id: number | null;
}

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
 * The `iys_sync` queue (docs/newsletter.md#iys): queue an event inside the caller's transaction (only for shops that
 * `registersConsentWithIys`), take the oldest pending row, and record İYS's answer. A welcome mail held for an ONAY
 * is released in the same statement batch that records the acceptance.
 */
export function iysSyncQueue(db: DatabaseSync) {
  const insert = db.prepare(`
    INSERT INTO iys_sync (subscriber_id, shop, recipient, status, consent_date, state, next_attempt_at, deadline,
                          held_mail_job_id, created_at)
    VALUES (:subscriberId, :shop, :recipient, :status, :at, 'pending', :at, :deadline, :heldMailJobId, :at)`);
  const hold = db.prepare(`UPDATE mail_jobs SET next_attempt_at = :heldUntil, last_error = :reason
    WHERE id = :id AND state = 'queued'`);
  const oldestPending = db.prepare(`SELECT * FROM iys_sync WHERE state = 'pending' ORDER BY id LIMIT 1`);
  const accept = db.prepare(`UPDATE iys_sync SET state = 'accepted', attempts = attempts + 1, request_id = :requestId,
    last_error = NULL, finished_at = :now WHERE id = :id AND state = 'pending'`);
  const release = db.prepare(`UPDATE mail_jobs SET next_attempt_at = :now, last_error = NULL
    WHERE id = (SELECT held_mail_job_id FROM iys_sync WHERE id = :id) AND state = 'queued' AND next_attempt_at = :heldUntil`);
  const retry = db.prepare(`UPDATE iys_sync SET attempts = attempts + 1, next_attempt_at = :nextAttemptAt,
    last_error = :error WHERE id = :id AND state = 'pending'`);
  const fail = db.prepare(`UPDATE iys_sync SET state = 'failed', attempts = attempts + 1, last_error = :error,
    finished_at = :now WHERE id = :id AND state = 'pending'`);

  return {
    /**
     * Queues an event if the shop registers consents with İYS (inside the caller's transaction) and holds its mail
     * job; whether it did.
     */
    enqueue(event: IysEvent): boolean {
      if (!event.shop.newsletter.registersConsentWithIys) return false;
      insert.run({
        subscriberId: event.subscriberId,
        shop: event.shop.code,
        recipient: event.recipient,
        status: event.status,
        at: event.at.toISOString(),
        deadline: iysDeadline(event.at).toISOString(),
        heldMailJobId: event.holdMailJobId ?? null,
      });
      if (event.holdMailJobId !== undefined)
        hold.run({ id: event.holdMailJobId, heldUntil: HELD_UNTIL, reason: WAITING_FOR_IYS });
      return true;
    },
    /** The oldest pending row (due or not: rows go to İYS strictly in order), or undefined. */
    oldestPending: () => oldestPending.get() as IysSyncRow | undefined,
    /** İYS registered the row: `accepted`, and the mail held for it is due now; whether a mail was released. */
    accepted: (id: number, requestId: string, now: Date): boolean =>
      inTransaction(db, () => {
        accept.run({ id, requestId, now: now.toISOString() });
        return release.run({ id, now: now.toISOString(), heldUntil: HELD_UNTIL }).changes > 0;
      }),
    /** İYS could not take it now (busy, unreachable): tried again at `nextAttemptAt`. */
    retryAt: (id: number, nextAttemptAt: Date, error: string) =>
      void retry.run({ id, nextAttemptAt: nextAttemptAt.toISOString(), error }),
    /** İYS refused it for good (4xx): `failed`, with İYS's answer, for an operator to fix and retry. */
    failed: (id: number, error: string, now: Date) => void fail.run({ id, error, now: now.toISOString() }),
  };
}

/** The İYS queue of one database. */
export type IysSyncQueue = ReturnType<typeof iysSyncQueue>;
