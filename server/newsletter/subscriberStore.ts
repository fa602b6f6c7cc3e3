import { sql, type Kysely, type RawBuilder } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import type { Subscriber } from '../../src/shared/newsletter/subscriberSchema.ts';
import type {
  ChangeableFieldName,
  StoredSubscriberFields,
  SubscriberFieldColumns,
} from '../../src/shared/newsletter/subscriberFields.ts';
import { hashDoiToken } from './doiToken.ts';
import {
  changeableFieldsSetTo,
  erasePersonalData,
  fieldColumns,
  fieldsFromExcluded,
  fieldValues,
} from './subscriberColumns.ts';

export { toSubscriber } from './subscriberColumns.ts';

/**
 * Where a stored subscription stands. `UNSUBSCRIBED` never leaves the service: its tokens answer like unknown ones
 * and psdata reports `null`, so clients only ever see the shared statuses (docs/newsletter.md#unsubscribe).
 */
export type StoredStatus = Subscriber['status'] | 'UNSUBSCRIBED';

/**
 * A row of `subscribers`, as the routes read it: the declared fields (src/shared/newsletter/subscriberFields.ts) and
 * the row's own bookkeeping.
 */
export type SubscriberRow = SubscriberFieldColumns & {
  id: number;
  site: string | null;
  status: StoredStatus;
  doi_token_expires_at: string | null;
};

/**
 * A subscriber as a token opened it: the row and the hash of the token that opened it. Every write made for a token
 * checks, in its own statement, that the token still opens the row in the state it was read in (a body that arrives
 * slowly, another instance, a later sign-up: docs/newsletter.md#one-token-one-write).
 */
export type OpenedSubscriber = SubscriberRow & { token_hash: string };

/** Which token a call accepts: the confirmation link's (until confirmed) or the preferences token (once confirmed). */
export type TokenKind = 'doi' | 'preferences';

/**
 * What a consent log entry records (docs/newsletter.md#consent-evidence). `LAPSED`: the subscription ended because
 * no e-bulletin was opened for the shop's promised years (docs/newsletter.md#opens-and-the-tr-two-year-rule).
 */
export type ConsentEvent = 'SIGNED_UP' | 'CONFIRMED' | 'CHANGED' | 'WITHDRAWN' | 'LAPSED';

/**
 * Through which door a consent was given or withdrawn; `no opens` is the sweep of unopened subscriptions, `erasure`
 * the erasure of the address (docs/newsletter.md#erasure).
 */
export type ConsentChannel =
  | 'sign-up'
  | 'confirmation link'
  | 'preferences'
  | 'one-click'
  | 'no opens'
  | 'complaint'
  | 'unsubscribe mail'
  | 'erasure';

/** A sign-up as it is stored: the declared fields, column-encoded, and the sign-up's shop, text version, link and time. */
export type SignUpRecord = StoredSubscriberFields & {
  site: string;
  consentTextVersion: string;
  tokenHash: string;
  expiresAt: string;
  now: string;
};

/** What a change of preferences stores: the changeable declared fields, column-encoded. */
export type ChangedFields = Pick<StoredSubscriberFields, ChangeableFieldName>;

/** The columns a subscriber is read with. */
const rowColumns = sql.raw(`id, ${fieldColumns}, site, status, doi_token_expires_at`);
/** The condition of every write made for a confirmation link: the link still opens the pending sign-up, unexpired. */
const stillDoi = (row: OpenedSubscriber, now: string) =>
  sql`id = ${row.id} AND status = 'WAITING_FOR_DOI' AND doi_token_hash = ${row.token_hash} AND doi_token_expires_at >= ${now}`;
/** The condition of every write made for a preferences token: the token still opens the subscription. */
const stillSubscribed = (row: OpenedSubscriber) =>
  sql`id = ${row.id} AND status = 'SUBSCRIBED' AND preferences_token_hash = ${row.token_hash}`;

/**
 * Ends the pending sign-ups `pending` selects: a never-confirmed row is deleted with its log (and its queued mail,
 * by the foreign key); an address that had been subscribed before goes back to `UNSUBSCRIBED`, without the personal
 * data and the log entry of the sign-up it never confirmed. Answers how many sign-ups ended.
 */
function* endPendingSignUps(db: Kysely<SharedTables>, pending: RawBuilder<unknown>): StatementSteps<number> {
  const deleted = yield* rowsOfSql(
    db,
    sql`DELETE FROM subscribers WHERE ${pending} AND confirmed_at IS NULL RETURNING id`,
  );
  yield sql`
    DELETE FROM consent_events WHERE event = 'SIGNED_UP' AND subscriber_id IN
      (SELECT id FROM subscribers WHERE ${pending} AND confirmed_at IS NOT NULL)
      AND at > (SELECT unsubscribed_at FROM subscribers WHERE subscribers.id = consent_events.subscriber_id)`.compile(
    db,
  );
  const reverted = yield* rowsOfSql(
    db,
    sql`UPDATE subscribers SET status = 'UNSUBSCRIBED', ${sql.raw(erasePersonalData)}, doi_token_hash = NULL,
          doi_token_expires_at = NULL
        WHERE ${pending} AND confirmed_at IS NOT NULL RETURNING id`,
  );
  return deleted.length + reverted.length;
}

/** Whether a write changed a row (it answers the ids it changed). */
function* changedAny(db: Kysely<SharedTables>, query: RawBuilder<unknown>): StatementSteps<boolean> {
  return (yield* rowsOfSql(db, query)).length > 0;
}

/**
 * The `subscribers` table and its consent log: every read and write the newsletter routes make, as bodies written once
 * for both engines (server/database/atomicWork.ts), to be run inside a caller's transaction. Tokens are looked up by
 * their SHA-256 only; addresses whatever their case (`lower(email)`, the unique index of both engines).
 */
export const subscriberStatements = {
  /** The subscriber a token of this kind opens, or undefined. */
  *byToken(db: Kysely<SharedTables>, kind: TokenKind, token: string): StatementSteps<OpenedSubscriber | undefined> {
    const hash = hashDoiToken(token);
    const query =
      kind === 'doi'
        ? sql<OpenedSubscriber>`SELECT ${rowColumns}, doi_token_hash AS token_hash FROM subscribers WHERE doi_token_hash = ${hash} AND status = 'WAITING_FOR_DOI'`
        : sql<OpenedSubscriber>`SELECT ${rowColumns}, preferences_token_hash AS token_hash FROM subscribers WHERE preferences_token_hash = ${hash} AND status = 'SUBSCRIBED'`;
    return (yield* rowsOfSql(db, query))[0];
  },
  *byId(db: Kysely<SharedTables>, id: number): StatementSteps<SubscriberRow | undefined> {
    return (yield* rowsOfSql(db, sql<SubscriberRow>`SELECT ${rowColumns} FROM subscribers WHERE id = ${id}`))[0];
  },
  /** The subscription of a subscriber, opened as its preferences token would (a complaint ends it), or undefined. */
  *subscribedById(db: Kysely<SharedTables>, id: number): StatementSteps<OpenedSubscriber | undefined> {
    const query = sql<OpenedSubscriber>`SELECT ${rowColumns}, preferences_token_hash AS token_hash FROM subscribers WHERE id = ${id} AND status = 'SUBSCRIBED'`;
    return (yield* rowsOfSql(db, query))[0];
  },
  *byEmail(db: Kysely<SharedTables>, email: string): StatementSteps<KnownAddress | undefined> {
    const query = sql<KnownAddress>`SELECT id, status, confirmation_sent_at FROM subscribers WHERE lower(email) = lower(${email})`;
    return (yield* rowsOfSql(db, query))[0];
  },
  /**
   * Stores a sign-up: a new address, a pending one or one that unsubscribed earlier, stored anew, waiting for its
   * confirmation. The row's id, or undefined when the address is subscribed already (nothing changed).
   */
  *signUp(db: Kysely<SharedTables>, record: SignUpRecord): StatementSteps<number | undefined> {
    const { site, consentTextVersion, tokenHash, expiresAt, now } = record;
    const query = sql<{ id: number }>`
      INSERT INTO subscribers (${sql.raw(fieldColumns)}, site, status,
                               doi_token_hash, doi_token_expires_at, consented_at, consent_text_version, created_at, updated_at)
      VALUES (${fieldValues(record)}, ${site}, 'WAITING_FOR_DOI',
              ${tokenHash}, ${expiresAt}, ${now}, ${consentTextVersion}, ${now}, ${now})
      ON CONFLICT ((lower(email))) DO UPDATE SET
        ${sql.raw(fieldsFromExcluded)}, site = excluded.site, status = 'WAITING_FOR_DOI',
        doi_token_hash = excluded.doi_token_hash, doi_token_expires_at = excluded.doi_token_expires_at,
        consented_at = excluded.consented_at, consent_text_version = excluded.consent_text_version,
        updated_at = excluded.updated_at
      WHERE subscribers.status <> 'SUBSCRIBED'
      RETURNING id`;
    return (yield* rowsOfSql(db, query))[0]?.id;
  },
  /** Confirms a pending sign-up if its link still opens it (unspent, unexpired); whether it did. */
  confirm: (db: Kysely<SharedTables>, row: OpenedSubscriber, preferencesTokenHash: string, now: string) =>
    changedAny(
      db,
      sql`UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = ${now}, updated_at = ${now}, doi_token_hash = NULL,
            doi_token_expires_at = NULL, preferences_token_hash = ${preferencesTokenHash}, unsubscribed_at = NULL,
            last_opened_at = NULL
          WHERE ${stillDoi(row, now)} RETURNING id`,
    ),
  /** Changes a subscription if its preferences token still opens it; whether it did. */
  update: (db: Kysely<SharedTables>, row: OpenedSubscriber, values: ChangedFields, now: string) =>
    changedAny(
      db,
      sql`UPDATE subscribers SET ${changeableFieldsSetTo(values)}, updated_at = ${now} WHERE ${stillSubscribed(row)} RETURNING id`,
    ),
  /**
   * Ends a subscription if its preferences token still opens it; whether it did. The personal data (names, last open)
   * goes, the token dies; address, times, consents and text version stay as the proof. A new confirmation starts
   * without a last open, so an old one cannot end the new subscription (docs/newsletter.md#opens-and-the-tr-two-year-rule).
   */
  withdraw: (db: Kysely<SharedTables>, row: OpenedSubscriber, now: string) =>
    changedAny(
      db,
      sql`UPDATE subscribers SET status = 'UNSUBSCRIBED', ${sql.raw(erasePersonalData)}, preferences_token_hash = NULL,
            unsubscribed_at = ${now}, updated_at = ${now}
          WHERE ${stillSubscribed(row)} RETURNING id`,
    ),
  /**
   * Deletes the sign-ups whose link expired before `now` (the Turkish legal text promises 14 days), with their log; an
   * address that had been subscribed before goes back to `UNSUBSCRIBED` (see {@link endPendingSignUps}). Answers how
   * many sign-ups went. The caller checkpoints afterwards (`checkpointAfterErasure`).
   */
  purgeExpired: (db: Kysely<SharedTables>, now: string) =>
    endPendingSignUps(db, sql`status = 'WAITING_FOR_DOI' AND doi_token_expires_at < ${now}`),
  /**
   * Cancels the pending sign-up a confirmation token (`doi_token_hash`) or a subscriber id opens, as if its link had
   * expired (docs/newsletter.md#cancelling-a-sign-up-from-the-mail); whether there was one.
   */
  *cancelPending(db: Kysely<SharedTables>, key: { tokenHash: string } | { id: number }): StatementSteps<boolean> {
    const which = 'id' in key ? sql`id = ${key.id}` : sql`doi_token_hash = ${key.tokenHash}`;
    return (yield* endPendingSignUps(db, sql`${which} AND status = 'WAITING_FOR_DOI'`)) > 0;
  },
  /** Records when the last confirmation e-mail was handed over (the 10-minute rule counts mails sent). */
  *confirmationSent(db: Kysely<SharedTables>, id: number, at: string): StatementSteps<void> {
    yield sql`UPDATE subscribers SET confirmation_sent_at = ${at} WHERE id = ${id}`.compile(db);
  },
  /** Appends the row's current consent state to the log. */
  *logEvent(
    db: Kysely<SharedTables>,
    id: number,
    event: ConsentEvent,
    channel: ConsentChannel,
    at: string,
  ): StatementSteps<void> {
    yield sql`
      INSERT INTO consent_events (subscriber_id, email, site, event, at, consents, legals, consent_text_version, channel)
      SELECT id, email, site, ${event}, ${at}, consents, legals, consent_text_version, ${channel} FROM subscribers
      WHERE id = ${id}`.compile(db);
  },
};

/** What a sign-up needs to know of an address it finds stored. */
export interface KnownAddress {
  id: number;
  status: StoredStatus;
  confirmation_sent_at: string | null;
}
