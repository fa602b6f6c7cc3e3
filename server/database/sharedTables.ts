import type { Generated } from 'kysely';
import type { SubscriberFieldColumns } from '../../src/shared/newsletter/subscriberFields.ts';

/**
 * The tables kept through the shared data layer (Kysely), the same on SQLite and PostgreSQL. Times are milliseconds
 * since 1970 (`bigint`). Tables still kept by the synchronous SQLite stores are in server/db.ts until they move here
 * (docs/operations.md#databases).
 */
export interface SharedTables {
  /** The shared migration steps applied so far (server/database/sharedMigrations.ts). */
  schema_steps: { name: string; applied_at: string };
  /** Fixed-window request counts: the sign-up limit per client (server/throttle/windowCounter.ts). */
  throttle_windows: { key: string; window_start: number; hits: number; expires_at: number };
  /** Failed attempts with their backoff: staff logins and admin tokens (server/throttle/failureBackoff.ts). */
  throttle_failures: {
    key: string;
    failures: number;
    blocked_until: number;
    last_at: number;
    /** When the current run of failures began: a refund only counts against the run it was reserved in. */
    streak_started_at: number;
    expires_at: number;
  };
  /** Who may build and switch releases now, and until when (server/publish/buildLease.ts). */
  publish_leases: { name: string; holder: string; expires_at: number };
  /** Staff preview sessions: only a hash of the cookie value is kept (server/preview/sessions.ts). */
  preview_sessions: {
    token_hash: string;
    username: string;
    expires_at: number;
    started_at: number;
    preview_date_time: string | null;
    ab_test_name: string | null;
    ab_test_group: string | null;
  };
  /** Secrets the services generated themselves, shared by every instance (server/secrets.ts). */
  settings: { name: string; value: string };
  /**
   * Newsletter subscriptions (server/newsletter/subscriberStore.ts): the declared fields
   * (src/shared/newsletter/subscriberFields.ts) and their bookkeeping. Times are UTC ISO 8601 text; tokens are kept as
   * SHA-256 hashes only. Addresses are unique whatever their case (`lower(email)`).
   */
  subscribers: SubscriberFieldColumns & {
    id: Generated<number>;
    site: string | null;
    status: string;
    created_at: string;
    updated_at: string;
    doi_token_hash: string | null;
    doi_token_expires_at: string | null;
    consented_at: string | null;
    confirmed_at: string | null;
    consent_text_version: string | null;
    confirmation_sent_at: string | null;
    preferences_token_hash: string | null;
    unsubscribed_at: string | null;
    last_opened_at: string | null;
  };
  /** The consent log: every consent given, confirmed, changed, withdrawn or lapsed, appended (docs/newsletter.md#consent-evidence). */
  consent_events: {
    id: Generated<number>;
    subscriber_id: number;
    email: string;
    site: string | null;
    event: string;
    at: string;
    consents: string;
    legals: string;
    consent_text_version: string | null;
    channel: string;
  };
}
