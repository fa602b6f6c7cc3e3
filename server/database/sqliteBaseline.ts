import { sql } from 'kysely';
import { rowsOfSql } from './atomicWork.ts';
import type { SharedMigration } from './migration.ts';

/**
 * When the footer content migrated from the old `promotions` table became valid (docs/constants.md#timings). Part of
 * a step that has shipped: never change it.
 */
export const MIGRATED_VERSIONS_VALID_FROM = '2026-01-01T00:00:00.000Z';

/**
 * The SQLite schema as it stood before the one track (docs/architecture.md#the-data-layer): 14 steps that were tracked
 * in `PRAGMA user_version`. Frozen: a file at `user_version` 14 is taken as having them all, an older one gets the
 * rest, a new one all 14, each by the track's first step, {@link sqliteBaseline}. New tables and columns are new steps
 * of the track (server/database/sharedMigrations.ts), never edits here.
 */
export const SQLITE_BASELINE_STEPS: readonly string[] = [
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
  // The caps on confirmation mails count the jobs of the last hour (server/throttle/confirmationCaps.ts).
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

/** The statements of one baseline step, in order (none of them holds a `;` inside a string or a trigger). */
function statementsOf(step: string): string[] {
  return step
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

/**
 * The track's first step: on SQLite the baseline steps a file does not have yet (by its `user_version`), then
 * `user_version` 14. On PostgreSQL nothing: its tables come from the later steps.
 */
export const sqliteBaseline: SharedMigration = {
  name: '0000_sqlite_baseline',
  *up(db, engine) {
    if (engine !== 'sqlite') return;
    const [row] = yield* rowsOfSql(db, sql<{ user_version: number }>`PRAGMA user_version`);
    const applied = row?.user_version ?? 0;
    if (applied >= SQLITE_BASELINE_STEPS.length) return;
    for (const step of SQLITE_BASELINE_STEPS.slice(applied))
      for (const statement of statementsOf(step)) yield sql.raw(statement).compile(db);
    yield sql.raw(`PRAGMA user_version = ${SQLITE_BASELINE_STEPS.length}`).compile(db);
  },
};
