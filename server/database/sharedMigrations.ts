import { sql } from 'kysely';
import { rowsOf, type AtomicWork } from './atomicWork.ts';
import type { DatabaseEngine, SharedMigration } from './migration.ts';
import { sqliteBaseline } from './sqliteBaseline.ts';

export type { DatabaseEngine, SharedMigration } from './migration.ts';

/**
 * The shared schema steps, applied in order once each. Append new steps; never edit or reorder one that has shipped
 * (docs/operations.md#databases).
 */
export const sharedMigrations: readonly SharedMigration[] = [
  sqliteBaseline,
  {
    name: '0001_throttles',
    *up(db) {
      yield db.schema
        .createTable('throttle_windows')
        .addColumn('key', 'varchar(200)', (column) => column.primaryKey())
        .addColumn('window_start', 'bigint', (column) => column.notNull())
        .addColumn('hits', 'integer', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .compile();
      yield db.schema.createIndex('throttle_windows_expires_at').on('throttle_windows').column('expires_at').compile();
      yield db.schema
        .createTable('throttle_failures')
        .addColumn('key', 'varchar(200)', (column) => column.primaryKey())
        .addColumn('failures', 'integer', (column) => column.notNull())
        .addColumn('blocked_until', 'bigint', (column) => column.notNull())
        .addColumn('last_at', 'bigint', (column) => column.notNull())
        .addColumn('streak_started_at', 'bigint', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .compile();
      yield db.schema
        .createIndex('throttle_failures_expires_at')
        .on('throttle_failures')
        .column('expires_at')
        .compile();
    },
  },
  {
    name: '0002_publish_leases',
    *up(db) {
      yield db.schema
        .createTable('publish_leases')
        .addColumn('name', 'varchar(100)', (column) => column.primaryKey())
        .addColumn('holder', 'varchar(200)', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .compile();
    },
  },
  {
    // On SQLite the table exists already (the baseline, 0000, made it): only PostgreSQL gets it here.
    name: '0003_preview_sessions',
    *up(db) {
      yield db.schema
        .createTable('preview_sessions')
        .ifNotExists()
        .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('username', 'varchar(200)', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('started_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('preview_date_time', 'varchar(40)')
        .addColumn('ab_test_name', 'varchar(200)')
        .addColumn('ab_test_group', 'varchar(200)')
        .compile();
    },
  },
  {
    // On SQLite the table exists already (the baseline, 0000, made it): only PostgreSQL gets it here.
    name: '0004_settings',
    *up(db) {
      yield db.schema
        .createTable('settings')
        .ifNotExists()
        .addColumn('name', 'varchar(100)', (column) => column.primaryKey())
        .addColumn('value', 'text', (column) => column.notNull())
        .compile();
    },
  },
  {
    // The newsletter's subscribers and consent log. On SQLite the tables exist already (the baseline, 0000, made them, with
    // `COLLATE NOCASE` on the address): both engines get the index that keeps an address unique whatever its case.
    name: '0005_subscribers',
    *up(db, engine) {
      yield db.schema
        .createTable('subscribers')
        .ifNotExists()
        .addColumn('id', 'integer', (column) =>
          engine === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey(),
        )
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('salutation', 'text')
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('consents', 'text', (column) => column.notNull())
        .addColumn('origin', 'text', (column) => column.notNull())
        .addColumn('origin_addition', 'text', (column) => column.notNull())
        .addColumn('site', 'text')
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .addColumn('doi_token_hash', 'text', (column) => column.unique())
        .addColumn('doi_token_expires_at', 'text')
        .addColumn('consented_at', 'text')
        .addColumn('confirmed_at', 'text')
        .addColumn('legals', 'text', (column) => column.notNull().defaultTo('[]'))
        .addColumn('consent_text_version', 'text')
        .addColumn('confirmation_sent_at', 'text')
        .addColumn('preferences_token_hash', 'text', (column) => column.unique())
        .addColumn('unsubscribed_at', 'text')
        .addColumn('last_opened_at', 'text')
        .compile();
      yield db.schema
        .createIndex('subscribers_email_key')
        .ifNotExists()
        .unique()
        .on('subscribers')
        .expression(sql`lower(email)`)
        .compile();
      yield db.schema
        .createIndex('subscribers_site_status')
        .ifNotExists()
        .on('subscribers')
        .columns(['site', 'status'])
        .compile();
      yield db.schema
        .createTable('consent_events')
        .ifNotExists()
        .addColumn('id', 'integer', (column) =>
          engine === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey(),
        )
        .addColumn('subscriber_id', 'integer', (column) =>
          column.notNull().references('subscribers.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('site', 'text')
        .addColumn('event', 'text', (column) =>
          column.notNull().check(sql`event IN ('SIGNED_UP', 'CONFIRMED', 'CHANGED', 'WITHDRAWN', 'LAPSED')`),
        )
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('consents', 'text', (column) => column.notNull())
        .addColumn('legals', 'text', (column) => column.notNull())
        .addColumn('consent_text_version', 'text')
        .addColumn('channel', 'text', (column) => column.notNull())
        .compile();
      yield db.schema
        .createIndex('consent_events_subscriber')
        .ifNotExists()
        .on('consent_events')
        .column('subscriber_id')
        .compile();
    },
  },
  {
    // The mail outbox, welcome vouchers, the İYS queue, suppressions and the customers. On SQLite the tables exist
    // already (the baseline, 0000, made them, with `COLLATE NOCASE` on addresses): there it adds only the index that keeps a
    // customer's address unique whatever its case.
    name: '0006_mail_vouchers_iys',
    *up(db, engine) {
      const id = engine === 'postgres' ? 'integer generated by default as identity primary key' : 'integer primary key';
      yield sql`CREATE TABLE IF NOT EXISTS mail_jobs (
        id ${sql.raw(id)},
        kind text NOT NULL,
        recipient text NOT NULL,
        subscriber_id integer REFERENCES subscribers (id) ON DELETE CASCADE,
        payload text,
        message_id text NOT NULL UNIQUE,
        state text NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'cancelled', 'unknown')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at text NOT NULL,
        not_after text,
        last_error text,
        created_at text NOT NULL,
        claimed_at text,
        claimed_by text,
        handed_over_at text,
        finished_at text)`.compile(db);
      yield sql`CREATE INDEX IF NOT EXISTS mail_jobs_due ON mail_jobs (state, next_attempt_at)`.compile(db);
      yield sql`CREATE INDEX IF NOT EXISTS mail_jobs_subscriber ON mail_jobs (subscriber_id, kind, state)`.compile(db);
      yield sql`CREATE INDEX IF NOT EXISTS mail_jobs_kind_created ON mail_jobs (kind, created_at)`.compile(db);
      yield sql`CREATE TABLE IF NOT EXISTS vouchers (
        id ${sql.raw(id)},
        code text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('WELCOME')),
        shop text NOT NULL,
        percent integer NOT NULL,
        issued_at text NOT NULL,
        valid_until text,
        subscriber_id integer NOT NULL REFERENCES subscribers (id),
        mailbox_key text)`.compile(db);
      yield sql`CREATE UNIQUE INDEX IF NOT EXISTS vouchers_code ON vouchers (code)`.compile(db);
      yield sql`CREATE UNIQUE INDEX IF NOT EXISTS vouchers_one_welcome ON vouchers (subscriber_id, shop) WHERE kind = 'WELCOME'`.compile(
        db,
      );
      yield sql`CREATE UNIQUE INDEX IF NOT EXISTS vouchers_one_welcome_per_mailbox ON vouchers (mailbox_key, shop)
        WHERE kind = 'WELCOME' AND mailbox_key IS NOT NULL`.compile(db);
      yield sql`CREATE TABLE IF NOT EXISTS iys_sync (
        id ${sql.raw(id)},
        subscriber_id integer REFERENCES subscribers (id) ON DELETE SET NULL,
        shop text NOT NULL,
        recipient text NOT NULL,
        status text NOT NULL CHECK (status IN ('ONAY', 'RET')),
        consent_date text NOT NULL,
        state text NOT NULL CHECK (state IN ('pending', 'accepted', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at text NOT NULL,
        deadline text NOT NULL,
        last_error text,
        request_id text,
        held_mail_job_id integer REFERENCES mail_jobs (id) ON DELETE SET NULL,
        created_at text NOT NULL,
        finished_at text)`.compile(db);
      yield sql`CREATE INDEX IF NOT EXISTS iys_sync_state ON iys_sync (state, id)`.compile(db);
      yield sql`CREATE TABLE IF NOT EXISTS suppressions (
        site text NOT NULL,
        address text NOT NULL,
        reason text NOT NULL CHECK (reason IN ('hard_bounce', 'soft_bounces', 'complaint')),
        since text NOT NULL,
        job_id integer,
        PRIMARY KEY (site, address))`.compile(db);
      yield sql`CREATE TABLE IF NOT EXISTS soft_bounces (
        site text NOT NULL,
        address text NOT NULL,
        in_a_row integer NOT NULL,
        last_at text NOT NULL,
        PRIMARY KEY (site, address))`.compile(db);
      yield sql`CREATE TABLE IF NOT EXISTS customers (
        lid text PRIMARY KEY,
        email text NOT NULL,
        salutation text,
        first_name text,
        last_name text,
        consents text NOT NULL DEFAULT '[]')`.compile(db);
      yield sql`CREATE UNIQUE INDEX IF NOT EXISTS customers_email_key ON customers (lower(email))`.compile(db);
      yield sql`INSERT INTO customers (lid, email, salutation, first_name, last_name, consents)
        VALUES ('demo-customer', 'demo.kundin@example.com', 'MRS', 'Erika', 'Musterfrau', '["DNE"]')
        ON CONFLICT DO NOTHING`.compile(db);
    },
  },
  {
    // On SQLite the table exists already (the baseline, 0000, made it): only PostgreSQL gets it here.
    name: '0007_promotion_versions',
    *up(db) {
      yield sql`CREATE TABLE IF NOT EXISTS promotion_versions (
        site text NOT NULL,
        name text NOT NULL,
        version integer NOT NULL,
        content_json text NOT NULL,
        valid_from text NOT NULL,
        ab_test text,
        ab_group text,
        stored_at text NOT NULL,
        stored_by text NOT NULL,
        PRIMARY KEY (site, name, version),
        CHECK ((ab_test IS NULL) = (ab_group IS NULL)))`.compile(db);
    },
  },
  {
    // Tagged per-mail addresses (server/mail/verp.ts) and the confirmation caps' deferral
    // (server/throttle/confirmationCaps.ts). Mails queued before count as released when they were queued.
    name: '0008_verp_tags_and_deferral',
    *up(db, engine) {
      yield sql`ALTER TABLE mail_jobs ADD COLUMN verp_tagged integer NOT NULL DEFAULT 0`.compile(db);
      yield sql`ALTER TABLE mail_jobs ADD COLUMN released_at text`.compile(db);
      yield sql`ALTER TABLE mail_jobs ADD COLUMN cap_domain text`.compile(db);
      yield sql`ALTER TABLE mail_jobs ADD COLUMN client_network text`.compile(db);
      yield sql`UPDATE mail_jobs SET released_at = created_at`.compile(db);
      const position = sql.raw(engine === 'postgres' ? `strpos(recipient, '@')` : `instr(recipient, '@')`);
      yield sql`UPDATE mail_jobs SET cap_domain = lower(rtrim(substr(recipient, ${position} + 1), '.'))
        WHERE kind = 'newsletter.confirmation'`.compile(db);
      yield sql`CREATE INDEX IF NOT EXISTS mail_jobs_released ON mail_jobs (released_at)`.compile(db);
      yield sql`CREATE INDEX IF NOT EXISTS mail_jobs_cap_domain ON mail_jobs (cap_domain, released_at)`.compile(db);
    },
  },
  {
    // PostgreSQL's planner statistics (pg_statistic) keep sample values of every column ANALYZE reads, erased names
    // and addresses among them, out of reach of any vacuum of the tables: no statistics of personal data, and those
    // already gathered dropped (re-setting a column's type drops them). docs/operations.md#erasure-on-postgresql.
    name: '0009_no_statistics_of_personal_data',
    *up(db, engine) {
      if (engine !== 'postgres') return;
      for (const [table, columns] of Object.entries(PERSONAL_DATA_COLUMNS)) {
        const alterations = columns.map(
          (column) => sql`ALTER COLUMN ${sql.id(column)} SET STATISTICS 0, ALTER COLUMN ${sql.id(column)} TYPE text`,
        );
        yield sql`ALTER TABLE ${sql.id(table)} ${sql.join(alterations)}`.compile(db);
      }
      for (const index of ['subscribers_email_key', 'customers_email_key'])
        yield sql`ALTER INDEX ${sql.id(index)} ALTER COLUMN 1 SET STATISTICS 0`.compile(db);
    },
  },
  {
    // The A/B test calendar, shared by every instance (it was each SQLite file's own, read beside PostgreSQL). On
    // SQLite the table and its demo tests exist already (the baseline, 0000, made them); PostgreSQL gets the same.
    name: '0010_ab_tests',
    *up(db) {
      yield db.schema
        .createTable('ab_tests')
        .ifNotExists()
        .addColumn('name', 'varchar(200)', (column) => column.primaryKey())
        .addColumn('starts_at', 'varchar(40)', (column) => column.notNull())
        .addColumn('ends_at', 'varchar(40)', (column) => column.notNull())
        .addColumn('groups', 'text', (column) => column.notNull())
        .compile();
      yield db
        .insertInto('ab_tests')
        .values(DEMO_AB_TESTS)
        .onConflict((conflict) => conflict.column('name').doNothing())
        .compile();
    },
  },
  {
    // Operators' A/B tests (docs/operations.md#ab-tests): each group's share of visitors in whole percent (a JSON
    // array; null: an even split) and the shops a test runs in (a JSON array of shop codes; null: every shop).
    name: '0011_ab_test_weights_and_shops',
    *up(db) {
      yield sql`ALTER TABLE ab_tests ADD COLUMN weights text`.compile(db);
      yield sql`ALTER TABLE ab_tests ADD COLUMN shops text`.compile(db);
    },
  },
  {
    // What A/B test groups do (docs/operations.md#ab-test-report): each visitor counted once per test when first
    // assigned, by a keyed hash of their id (never the id), and each sign-up's test, group and shop, confirmed or not.
    // A sign-up's row outlives an erased subscriber (its id set to null): counts only, nobody in them.
    name: '0012_ab_counts',
    *up(db, engine) {
      const id = engine === 'postgres' ? 'integer generated by default as identity primary key' : 'integer primary key';
      yield sql`CREATE TABLE ab_assignments (
        test text NOT NULL,
        visitor_hash text NOT NULL,
        ab_group text NOT NULL,
        shop text,
        assigned_at text NOT NULL,
        PRIMARY KEY (test, visitor_hash))`.compile(db);
      yield sql`CREATE TABLE ab_signups (
        id ${sql.raw(id)},
        subscriber_id integer REFERENCES subscribers (id) ON DELETE SET NULL,
        test text NOT NULL,
        ab_group text NOT NULL,
        shop text NOT NULL,
        signed_up_at text NOT NULL,
        confirmed_at text,
        UNIQUE (subscriber_id, test))`.compile(db);
      yield sql`CREATE INDEX ab_signups_test ON ab_signups (test, shop, ab_group)`.compile(db);
    },
  },
  {
    // The audit log of support's looks, exports and erasures (`npm run subscriber`, docs/newsletter.md#support-commands):
    // when, what, which shops and who; never the address.
    name: '0013_subscriber_audit',
    *up(db, engine) {
      yield db.schema
        .createTable('subscriber_audit')
        .ifNotExists()
        .addColumn('id', 'integer', (column) =>
          engine === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey(),
        )
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull().check(sql`action IN ('show', 'export', 'erase')`))
        .addColumn('shops', 'text', (column) => column.notNull())
        .addColumn('operator', 'text', (column) => column.notNull())
        .compile();
    },
  },
];

/** The demo A/B tests every new database starts with (the same as the SQLite baseline's). */
const DEMO_AB_TESTS = [
  {
    name: 'CHECKOUT_BUTTON_COLOR',
    starts_at: '2026-01-01T00:00:00.000Z',
    ends_at: '2028-01-01T00:00:00.000Z',
    groups: '["CONTROL","GREEN","ORANGE"]',
  },
  {
    name: 'FOOTER_TEASER_ORDER',
    starts_at: '2026-06-01T00:00:00.000Z',
    ends_at: '2028-01-01T00:00:00.000Z',
    groups: '["A","B"]',
  },
  {
    name: 'NEWSLETTER_VOUCHER_BANNER',
    starts_at: '2027-03-01T00:00:00.000Z',
    ends_at: '2027-04-01T00:00:00.000Z',
    groups: '["CONTROL","BANNER"]',
  },
  {
    name: 'SUMMER_SALE_TEASER',
    starts_at: '2025-06-01T00:00:00.000Z',
    ends_at: '2025-09-01T00:00:00.000Z',
    groups: '["CONTROL","VARIANT"]',
  },
];

/**
 * The tables that hold personal data, and their columns that do (docs/operations.md#erasure-on-postgresql): no
 * planner statistics of these columns, and `npm run db:compact` rewrites these tables.
 */
export const PERSONAL_DATA_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  subscribers: ['email', 'salutation', 'first_name', 'last_name'],
  consent_events: ['email'],
  mail_jobs: ['recipient', 'payload', 'last_error', 'client_network'],
  vouchers: ['mailbox_key'],
  iys_sync: ['recipient', 'last_error'],
  suppressions: ['address'],
  soft_bounces: ['address'],
  customers: ['email', 'first_name', 'last_name'],
};

/** The key of the PostgreSQL advisory lock held while migrating (any constant of our own). */
const MIGRATION_LOCK_KEY = 280_001;

/**
 * How long a start's schema steps may take on PostgreSQL, the wait for another instance's included, instead of one
 * request's statement time-out (docs/constants.md#timings): an instance starting while another applies the steps on a
 * busy server waits for it rather than giving up.
 */
export const MIGRATION_TIMEOUT_MS = 120_000;

/**
 * The work of applying the shared steps not yet applied, in order, in one transaction under a lock: on PostgreSQL an
 * advisory lock, on SQLite the write lock of `BEGIN IMMEDIATE`. Two instances starting together apply each step
 * once; the second finds them applied. Answers the names it applied.
 */
export function sharedMigrationWork(
  engine: DatabaseEngine,
  steps: readonly SharedMigration[] = sharedMigrations,
): AtomicWork<string[]> {
  return function* (db) {
    if (engine === 'postgres') {
      // For this transaction only: the connection's own time-outs come back with its end.
      yield sql`SELECT set_config('statement_timeout', ${String(MIGRATION_TIMEOUT_MS)}, true), set_config('lock_timeout', ${String(MIGRATION_TIMEOUT_MS)}, true)`.compile(
        db,
      );
      yield sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.compile(db);
    }
    yield db.schema
      .createTable('schema_steps')
      .ifNotExists()
      .addColumn('name', 'varchar(200)', (column) => column.primaryKey())
      .addColumn('applied_at', 'varchar(40)', (column) => column.notNull())
      .compile();
    const applied = new Set((yield* rowsOf(db.selectFrom('schema_steps').select('name'))).map((row) => row.name));
    const done: string[] = [];
    for (const step of steps) {
      if (applied.has(step.name)) continue;
      yield* step.up(db, engine);
      yield db.insertInto('schema_steps').values({ name: step.name, applied_at: new Date().toISOString() }).compile();
      done.push(step.name);
    }
    return done;
  };
}
