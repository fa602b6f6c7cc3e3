import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrateSharedSqlite } from './database/sharedDatabase.ts';
import { DATABASE_BUSY_TIMEOUT_MS, DATABASE_START_BUSY_TIMEOUT_MS } from './databaseBusy.ts';
import { keepOwnerOnly, OWNER_ONLY_FILE_MODE, OWNER_ONLY_FOLDER_MODE } from './ownerOnly.ts';

/**
 * When the footer content migrated from the old `promotions` table became valid (docs/constants.md#timings). Part of
 * a step that has shipped: never change it.
 */
export const MIGRATED_VERSIONS_VALID_FROM = '2026-01-01T00:00:00.000Z';

/**
 * Schema changes, applied in order once each (tracked in `PRAGMA user_version`).
 * Append new steps; never edit one that has shipped.
 */
export const migrations: readonly string[] = [
  `CREATE TABLE promotions (
     site TEXT NOT NULL,
     name TEXT NOT NULL,
     content_json TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (site, name)
   );
   CREATE TABLE subscribers (
     id INTEGER PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     salutation TEXT,
     first_name TEXT,
     last_name TEXT,
     consents TEXT NOT NULL,
     origin TEXT NOT NULL,
     origin_addition TEXT NOT NULL,
     site TEXT,
     status TEXT NOT NULL,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL
   );`,
  // Settings (server secrets) and the shop's customers, whose base data prefills the sign-up form.
  `CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE customers (
     lid TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     salutation TEXT,
     first_name TEXT,
     last_name TEXT,
     consents TEXT NOT NULL DEFAULT '[]'
   );
   INSERT INTO customers (lid, email, salutation, first_name, last_name, consents)
   VALUES ('demo-customer', 'demo.kundin@example.com', 'MRS', 'Erika', 'Musterfrau', '["DNE"]');`,
  // Staff preview: sessions (only a hash of the cookie value is kept; read and written through the shared layer since
  // its step 0003_preview_sessions, server/preview/sessions.ts) and the A/B test calendar with demo tests.
  `CREATE TABLE preview_sessions (
     token_hash TEXT PRIMARY KEY,
     username TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     preview_date_time TEXT,
     ab_test_name TEXT,
     ab_test_group TEXT
   );
   CREATE TABLE ab_tests (
     name TEXT PRIMARY KEY,
     starts_at TEXT NOT NULL,
     ends_at TEXT NOT NULL,
     groups TEXT NOT NULL
   );
   INSERT INTO ab_tests (name, starts_at, ends_at, groups) VALUES
     ('CHECKOUT_BUTTON_COLOR', '2026-01-01T00:00:00.000Z', '2028-01-01T00:00:00.000Z', '["CONTROL","GREEN","ORANGE"]'),
     ('FOOTER_TEASER_ORDER', '2026-06-01T00:00:00.000Z', '2028-01-01T00:00:00.000Z', '["A","B"]'),
     ('NEWSLETTER_VOUCHER_BANNER', '2027-03-01T00:00:00.000Z', '2027-04-01T00:00:00.000Z', '["CONTROL","BANNER"]'),
     ('SUMMER_SALE_TEASER', '2025-06-01T00:00:00.000Z', '2025-09-01T00:00:00.000Z', '["CONTROL","VARIANT"]');`,
  // Newsletter double opt-in: the confirmation link's token is stored only as a SHA-256 hash, single use, expiring;
  // consent time and confirmation time are recorded.
  `ALTER TABLE subscribers ADD COLUMN doi_token_hash TEXT;
   ALTER TABLE subscribers ADD COLUMN doi_token_expires_at TEXT;
   ALTER TABLE subscribers ADD COLUMN consented_at TEXT;
   ALTER TABLE subscribers ADD COLUMN confirmed_at TEXT;
   CREATE UNIQUE INDEX subscribers_doi_token_hash ON subscribers (doi_token_hash);`,
  // Staff sessions end 8 h after login however often they are renewed; sessions from before this step end at once.
  `ALTER TABLE preview_sessions ADD COLUMN started_at INTEGER NOT NULL DEFAULT 0;`,
  // Consent evidence (shop in `site`, legals ticked, version of the consent text), when the last confirmation e-mail
  // went out (at most one per address per 10 minutes), and the preferences token issued at confirmation (hash only).
  `ALTER TABLE subscribers ADD COLUMN legals TEXT NOT NULL DEFAULT '[]';
   ALTER TABLE subscribers ADD COLUMN consent_text_version TEXT;
   ALTER TABLE subscribers ADD COLUMN confirmation_sent_at TEXT;
   ALTER TABLE subscribers ADD COLUMN preferences_token_hash TEXT;
   CREATE UNIQUE INDEX subscribers_preferences_token_hash ON subscribers (preferences_token_hash);`,
  // Promotion content kept as versions (server/promotion/versionStore.ts): what was there becomes version 1, valid
  // since a fixed past instant, so shops serve the same content as before.
  `CREATE TABLE promotion_versions (
     site TEXT NOT NULL,
     name TEXT NOT NULL,
     version INTEGER NOT NULL,
     content_json TEXT NOT NULL,
     valid_from TEXT NOT NULL,
     ab_test TEXT,
     ab_group TEXT,
     stored_at TEXT NOT NULL,
     stored_by TEXT NOT NULL,
     PRIMARY KEY (site, name, version),
     CHECK ((ab_test IS NULL) = (ab_group IS NULL))
   );
   INSERT INTO promotion_versions (site, name, version, content_json, valid_from, stored_at, stored_by)
     SELECT site, name, 1, content_json, '${MIGRATED_VERSIONS_VALID_FROM}', updated_at, 'migrated' FROM promotions;
   DROP TABLE promotions;`,
  // Withdrawal (docs/newsletter.md#unsubscribe): a subscriber can be UNSUBSCRIBED (names erased, the row kept as proof),
  // and every consent given, confirmed, changed or withdrawn is appended to a log that a later sign-up cannot
  // overwrite. A sign-up that is never confirmed is deleted with its log (the 14 days the Turkish text promises).
  `ALTER TABLE subscribers ADD COLUMN unsubscribed_at TEXT;
   CREATE TABLE consent_events (
     id INTEGER PRIMARY KEY,
     subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
     email TEXT NOT NULL,
     site TEXT,
     event TEXT NOT NULL CHECK (event IN ('SIGNED_UP', 'CONFIRMED', 'CHANGED', 'WITHDRAWN')),
     at TEXT NOT NULL,
     consents TEXT NOT NULL,
     legals TEXT NOT NULL,
     consent_text_version TEXT,
     channel TEXT NOT NULL
   );
   CREATE INDEX consent_events_subscriber ON consent_events (subscriber_id);`,
  // The transactional mail outbox (server/mail/, docs/newsletter.md#mail-delivery): a sign-up or confirmation stores
  // its mail job in the same transaction; the sender hands jobs over (queued -> sending -> sent, or back to queued
  // with a later next_attempt_at); claimed_by names the sender process (host:pid:id), handed_over_at marks the moment
  // from which a crash leaves an SMTP delivery in doubt. `payload` holds what only the mail may carry (its link's token) and is cleared
  // once the job is done. `message_id` is fixed when queued, so every attempt is the same message. Welcome vouchers:
  // one per subscriber and shop, ever; no code twice.
  `CREATE TABLE mail_jobs (
     id INTEGER PRIMARY KEY,
     kind TEXT NOT NULL,
     recipient TEXT NOT NULL COLLATE NOCASE,
     subscriber_id INTEGER REFERENCES subscribers (id) ON DELETE CASCADE,
     payload TEXT,
     message_id TEXT NOT NULL UNIQUE,
     state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'cancelled', 'unknown')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     not_after TEXT,
     last_error TEXT,
     created_at TEXT NOT NULL,
     claimed_at TEXT,
     claimed_by TEXT,
     handed_over_at TEXT,
     finished_at TEXT
   );
   CREATE INDEX mail_jobs_due ON mail_jobs (state, next_attempt_at);
   CREATE INDEX mail_jobs_subscriber ON mail_jobs (subscriber_id, kind, state);
   CREATE TABLE vouchers (
     id INTEGER PRIMARY KEY,
     code TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('WELCOME')),
     shop TEXT NOT NULL,
     percent INTEGER NOT NULL,
     issued_at TEXT NOT NULL,
     valid_until TEXT,
     subscriber_id INTEGER NOT NULL REFERENCES subscribers (id)
   );
   CREATE UNIQUE INDEX vouchers_code ON vouchers (code);
   CREATE UNIQUE INDEX vouchers_one_welcome ON vouchers (subscriber_id, shop) WHERE kind = 'WELCOME';`,
  // One welcome voucher per mailbox, not per spelling of it (server/newsletter/mailboxKey.ts): the key of the address
  // it was issued to. Vouchers issued before this step keep no key and are matched by their subscriber, as before.
  `ALTER TABLE vouchers ADD COLUMN mailbox_key TEXT;
   CREATE UNIQUE INDEX vouchers_one_welcome_per_mailbox ON vouchers (mailbox_key, shop) WHERE kind = 'WELCOME' AND mailbox_key IS NOT NULL;`,
  // The caps on confirmation mails count the jobs of the last hour (server/newsletter/confirmationCaps.ts).
  `CREATE INDEX mail_jobs_kind_created ON mail_jobs (kind, created_at);`,
  // Opens reported by the retailer's mailing system (docs/newsletter.md#opens-and-the-tr-two-year-rule): when the
  // subscriber last opened an e-bulletin (UTC, ISO 8601), NULL until one is reported. A subscription that lapses for
  // want of opens is logged as `LAPSED`: SQLite cannot change a CHECK, so the log is copied into a table that allows it.
  // The sweep looks subscribers up by shop and status.
  `ALTER TABLE subscribers ADD COLUMN last_opened_at TEXT;
   CREATE TABLE consent_events_with_lapsed (
     id INTEGER PRIMARY KEY,
     subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
     email TEXT NOT NULL,
     site TEXT,
     event TEXT NOT NULL CHECK (event IN ('SIGNED_UP', 'CONFIRMED', 'CHANGED', 'WITHDRAWN', 'LAPSED')),
     at TEXT NOT NULL,
     consents TEXT NOT NULL,
     legals TEXT NOT NULL,
     consent_text_version TEXT,
     channel TEXT NOT NULL
   );
   INSERT INTO consent_events_with_lapsed SELECT id, subscriber_id, email, site, event, at, consents, legals, consent_text_version, channel FROM consent_events;
   DROP TABLE consent_events;
   ALTER TABLE consent_events_with_lapsed RENAME TO consent_events;
   CREATE INDEX consent_events_subscriber ON consent_events (subscriber_id);
   CREATE INDEX subscribers_site_status ON subscribers (site, status);`,
  // İYS (issue 29, part iys; docs/newsletter.md#iys): the queue of consents (ONAY) and withdrawals (RET) to register
  // with Turkey's İleti Yönetim Sistemi, in order, each by its deadline (3 business days after the event). A welcome
  // mail held until İYS accepted the consent is named in held_mail_job_id. consent_date and the times are UTC ISO 8601.
  `CREATE TABLE iys_sync (
     id INTEGER PRIMARY KEY,
     subscriber_id INTEGER REFERENCES subscribers (id) ON DELETE SET NULL,
     shop TEXT NOT NULL,
     recipient TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('ONAY', 'RET')),
     consent_date TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('pending', 'accepted', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT NOT NULL,
     deadline TEXT NOT NULL,
     last_error TEXT,
     request_id TEXT,
     held_mail_job_id INTEGER REFERENCES mail_jobs (id) ON DELETE SET NULL,
     created_at TEXT NOT NULL,
     finished_at TEXT
   );
   CREATE INDEX iys_sync_state ON iys_sync (state, id);`,
  // Issue 29, bounces: the suppression list per shop and the soft bounces in a row per address and shop
  // (docs/newsletter.md#suppression). `address` is the lower-cased address as mailed (server/mail/suppressions.ts).
  `CREATE TABLE suppressions (
     site TEXT NOT NULL,
     address TEXT NOT NULL,
     reason TEXT NOT NULL CHECK (reason IN ('hard_bounce', 'soft_bounces', 'complaint')),
     since TEXT NOT NULL,
     job_id INTEGER,
     PRIMARY KEY (site, address)
   );
   CREATE TABLE soft_bounces (
     site TEXT NOT NULL,
     address TEXT NOT NULL,
     in_a_row INTEGER NOT NULL,
     last_at TEXT NOT NULL,
     PRIMARY KEY (site, address)
   );`,
];

/**
 * Opens (and creates or migrates) the services' database. `:memory:` works for throwaway use. The file and its WAL
 * are owner-only (they hold the server secrets and personal data: docs/security.md#data-at-rest); erased data is
 * overwritten, not only unlinked (`secure_delete`).
 */
export function openDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') {
    // A folder we create is owner-only; an existing one (a volume, the checkout's .data) is the operator's to set.
    if (!fs.existsSync(path.dirname(file)))
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER_MODE });
    // SQLite gives the WAL and shared-memory files the mode of the database file: create it owner-only first.
    fs.closeSync(fs.openSync(file, 'a', OWNER_ONLY_FILE_MODE));
    for (const part of ['', '-wal', '-shm']) keepOwnerOnly(`${file}${part}`, OWNER_ONLY_FILE_MODE);
  }
  const db = new DatabaseSync(file);
  // At start nothing is served yet: wait longer for another process (an instance starting beside this one).
  db.exec(
    `PRAGMA busy_timeout = ${DATABASE_START_BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;`,
  );
  // Under the write lock, and the version read inside it: two instances starting together on one file apply each
  // step once; the second finds it applied (docs/operations.md#databases).
  const version = () => (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version() < migrations.length) {
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const [index, step] of migrations.entries()) {
        if (index < version()) continue;
        db.exec(step);
        db.exec(`PRAGMA user_version = ${index + 1}`);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  // The second track: the steps both engines share (server/database/sharedMigrations.ts).
  migrateSharedSqlite(db);
  return db;
}

/**
 * Shortens the wait for another process's lock to what a request may wait ({@link DATABASE_BUSY_TIMEOUT_MS}): called
 * once the instance has done its start-up writes (migrations, seed) and is about to serve. Until then it waits the
 * start's longer time, so that an instance starting beside a busy one (seeding, taking the build lease) waits for it
 * instead of stopping.
 */
export function serveWithShortBusyWait(db: DatabaseSync): void {
  db.exec(`PRAGMA busy_timeout = ${DATABASE_BUSY_TIMEOUT_MS};`);
}
