import type { DatabaseSync } from 'node:sqlite';
import type { Subscriber } from '../../src/shared/newsletter/subscriberSchema.ts';
import type {
  ChangeableFieldName,
  StoredSubscriberFields,
  SubscriberFieldColumns,
} from '../../src/shared/newsletter/subscriberFields.ts';
import { hashDoiToken } from './doiToken.ts';
import {
  changeableFieldsSet,
  erasePersonalData,
  fieldColumns,
  fieldParameters,
  fieldsFromExcluded,
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

/** Through which door a consent was given or withdrawn; `no opens` is the sweep of unopened subscriptions. */
export type ConsentChannel =
  'sign-up' | 'confirmation link' | 'preferences' | 'one-click' | 'no opens' | 'complaint' | 'unsubscribe mail';

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

/**
 * The `subscribers` table and its consent log: every read and write the newsletter routes make, as prepared
 * statements. Tokens are looked up by their SHA-256 only.
 */
export function subscriberStore(db: DatabaseSync) {
  const columns = `id, ${fieldColumns}, site, status, doi_token_expires_at`;
  const byToken: Record<TokenKind, ReturnType<DatabaseSync['prepare']>> = {
    doi: db.prepare(
      `SELECT ${columns}, doi_token_hash AS token_hash FROM subscribers WHERE doi_token_hash = ? AND status = 'WAITING_FOR_DOI'`,
    ),
    preferences: db.prepare(
      `SELECT ${columns}, preferences_token_hash AS token_hash FROM subscribers WHERE preferences_token_hash = ? AND status = 'SUBSCRIBED'`,
    ),
  };
  // The writes made for a token: each re-checks, in its WHERE clause, that the token still opens the row in the state
  // it was read in, and reports whether it changed anything.
  const stillDoi = `id = :id AND status = 'WAITING_FOR_DOI' AND doi_token_hash = :tokenHash AND doi_token_expires_at >= :now`;
  const stillSubscribed = `id = :id AND status = 'SUBSCRIBED' AND preferences_token_hash = :tokenHash`;
  const byId = db.prepare(`SELECT ${columns} FROM subscribers WHERE id = ?`);
  const byEmail = db.prepare('SELECT id, status, confirmation_sent_at FROM subscribers WHERE email = ?');
  const subscribedById = db.prepare(
    `SELECT ${columns}, preferences_token_hash AS token_hash FROM subscribers WHERE id = ? AND status = 'SUBSCRIBED'`,
  );
  // A new address, a pending one or one that unsubscribed earlier: stored anew, waiting for its confirmation. A
  // subscribed address is left alone (no row comes back).
  const upsert = db.prepare(`
    INSERT INTO subscribers (${fieldColumns}, site, status,
                             doi_token_hash, doi_token_expires_at, consented_at, consent_text_version, created_at, updated_at)
    VALUES (${fieldParameters}, :site, 'WAITING_FOR_DOI',
            :tokenHash, :expiresAt, :now, :consentTextVersion, :now, :now)
    ON CONFLICT (email) DO UPDATE SET
      ${fieldsFromExcluded}, site = excluded.site, status = 'WAITING_FOR_DOI', doi_token_hash = excluded.doi_token_hash,
      doi_token_expires_at = excluded.doi_token_expires_at, consented_at = excluded.consented_at,
      consent_text_version = excluded.consent_text_version, updated_at = excluded.updated_at
    WHERE subscribers.status <> 'SUBSCRIBED'
    RETURNING id`);
  const confirm = db.prepare(`
    UPDATE subscribers SET status = 'SUBSCRIBED', confirmed_at = :now, updated_at = :now, doi_token_hash = NULL,
      doi_token_expires_at = NULL, preferences_token_hash = :preferencesTokenHash, unsubscribed_at = NULL, last_opened_at = NULL
      WHERE ${stillDoi}`);
  const update = db.prepare(`
    UPDATE subscribers SET ${changeableFieldsSet}, updated_at = :now WHERE ${stillSubscribed}`);
  // Withdrawal: the personal data (names, last open) goes, the token dies; address, times, consents and text version
  // stay as the proof. A new confirmation starts without a last open, so an old one cannot end the new subscription
  // (docs/newsletter.md#opens-and-the-tr-two-year-rule).
  const withdraw = db.prepare(`
    UPDATE subscribers SET status = 'UNSUBSCRIBED', ${erasePersonalData}, preferences_token_hash = NULL,
      unsubscribed_at = :now, updated_at = :now WHERE ${stillSubscribed}`);
  // Unconfirmed sign-ups are deleted once their link has expired (the Turkish legal text promises 14 days), with their
  // log. An address that had been subscribed before goes back to UNSUBSCRIBED, without the personal data and the log
  // entry of the sign-up it never confirmed.
  const expiredSignUps = `status = 'WAITING_FOR_DOI' AND doi_token_expires_at < :now`;
  const purgeNeverConfirmed = db.prepare(`DELETE FROM subscribers WHERE ${expiredSignUps} AND confirmed_at IS NULL`);
  const purgeLogOfReturning = db.prepare(`
    DELETE FROM consent_events WHERE event = 'SIGNED_UP' AND subscriber_id IN
      (SELECT id FROM subscribers WHERE ${expiredSignUps} AND confirmed_at IS NOT NULL) AND at > (SELECT unsubscribed_at FROM subscribers WHERE subscribers.id = consent_events.subscriber_id)`);
  const revertReturning = db.prepare(`
    UPDATE subscribers SET status = 'UNSUBSCRIBED', ${erasePersonalData}, doi_token_hash = NULL,
      doi_token_expires_at = NULL WHERE ${expiredSignUps} AND confirmed_at IS NOT NULL`);
  const confirmationSent = db.prepare('UPDATE subscribers SET confirmation_sent_at = :at WHERE id = :id');
  const logEvent = db.prepare(`
    INSERT INTO consent_events (subscriber_id, email, site, event, at, consents, legals, consent_text_version, channel)
    SELECT id, email, site, :event, :at, consents, legals, consent_text_version, :channel FROM subscribers WHERE id = :id`);

  return {
    /** The subscriber a token of this kind opens, or undefined. */
    byToken: (kind: TokenKind, token: string) => byToken[kind].get(hashDoiToken(token)) as OpenedSubscriber | undefined,
    byId: (id: number) => byId.get(id) as SubscriberRow | undefined,
    /** The subscription of a subscriber, opened as its preferences token would (a complaint ends it), or undefined. */
    subscribedById: (id: number) => subscribedById.get(id) as OpenedSubscriber | undefined,
    byEmail: (email: string) =>
      byEmail.get(email) as { id: number; status: StoredStatus; confirmation_sent_at: string | null } | undefined,
    /** Stores a sign-up; the row's id, or undefined when the address is subscribed already (nothing changed). */
    signUp: (record: SignUpRecord) => (upsert.get({ ...record }) as { id: number } | undefined)?.id,
    /** Confirms a pending sign-up if its link still opens it (unspent, unexpired); whether it did. */
    confirm: (row: OpenedSubscriber, preferencesTokenHash: string, now: string) =>
      confirm.run({ id: row.id, tokenHash: row.token_hash, preferencesTokenHash, now }).changes > 0,
    /** Changes a subscription if its preferences token still opens it; whether it did. */
    update: (row: OpenedSubscriber, values: ChangedFields, now: string) =>
      update.run({ id: row.id, tokenHash: row.token_hash, ...values, now }).changes > 0,
    /** Ends a subscription if its preferences token still opens it; whether it did. */
    withdraw: (row: OpenedSubscriber, now: string) =>
      withdraw.run({ id: row.id, tokenHash: row.token_hash, now }).changes > 0,
    /**
     * Deletes the sign-ups whose link expired before `now`, or reverts a returning address to `UNSUBSCRIBED` (above);
     * answers how many sign-ups went. The caller checkpoints afterwards (`checkpointAfterErasure`).
     */
    purgeExpired: (now: string): number => {
      const deleted = Number(purgeNeverConfirmed.run({ now }).changes);
      purgeLogOfReturning.run({ now });
      return deleted + Number(revertReturning.run({ now }).changes);
    },
    /** Records when the last confirmation e-mail was handed over (the 10-minute rule counts mails sent). */
    confirmationSent: (id: number, at: string) => void confirmationSent.run({ id, at }),
    /** Appends the row's current consent state to the log. */
    logEvent: (id: number, event: ConsentEvent, channel: ConsentChannel, at: string) =>
      void logEvent.run({ id, event, channel, at }),
  };
}

/** The statements of one database. */
export type SubscriberStore = ReturnType<typeof subscriberStore>;
