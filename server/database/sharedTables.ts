import type { Generated } from 'kysely';
import type { SubscriberFieldColumns } from '../../src/shared/newsletter/subscriberFields.ts';

/**
 * The tables kept through the shared data layer (Kysely), the same on SQLite and PostgreSQL. Times are milliseconds
 * since 1970 (`bigint`). Every table the services keep is here (docs/architecture.md#the-data-layer).
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
  /**
   * The A/B test calendar (server/abtests/calendar.ts): a test runs from `starts_at` (inclusive) to `ends_at`
   * (exclusive), UTC ISO 8601 text; `groups` is a JSON array of group names, `weights` one of their shares in percent
   * (null: an even split), `shops` one of the shop codes it runs in (null: every shop).
   */
  ab_tests: {
    name: string;
    starts_at: string;
    ends_at: string;
    groups: string;
    weights: string | null;
    shops: string | null;
  };
  /**
   * Visitors assigned to an A/B test's group, each counted once per test when first assigned
   * (server/abtests/abCounts.ts): `visitor_hash` is an HMAC of the `ab_visitor` id, never the id; `shop` a shop code,
   * null when the assignment named none.
   */
  ab_assignments: { test: string; visitor_hash: string; ab_group: string; shop: string | null; assigned_at: string };
  /**
   * Sign-ups made in an A/B test's group (server/abtests/abCounts.ts): the test, group and shop at the sign-up, and
   * when it was confirmed. `subscriber_id` is null once the subscriber is erased; the count stays.
   */
  ab_signups: {
    id: Generated<number>;
    subscriber_id: number | null;
    test: string;
    ab_group: string;
    shop: string;
    signed_up_at: string;
    confirmed_at: string | null;
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
  /** The transactional mail outbox (server/mail/mailJobs.ts, docs/newsletter.md#mail-delivery). */
  mail_jobs: {
    id: Generated<number>;
    kind: string;
    recipient: string;
    subscriber_id: number | null;
    /** JSON; null once the job is done. */
    payload: string | null;
    message_id: string;
    state: string;
    attempts: Generated<number>;
    next_attempt_at: string;
    not_after: string | null;
    last_error: string | null;
    created_at: string;
    claimed_at: string | null;
    /** The sender that claimed it: `host:pid:random`. */
    claimed_by: string | null;
    /** When the message started to go to the transport in the current attempt; null before (and after a retry). */
    handed_over_at: string | null;
    finished_at: string | null;
    /**
     * 1 once the job was handed over with tagged per-mail addresses (server/mail/verp.ts); 0 for mails sent before
     * tags, whose untagged addresses the intake still takes under stricter rules (docs/newsletter.md#suppression).
     */
    verp_tagged: Generated<number>;
    /**
     * When the mail was let go to the queue, counted by the confirmation caps; null while a confirmation waits for a
     * cap (deferred: server/throttle/confirmationCaps.ts).
     */
    released_at: string | null;
    /** A confirmation's recipient domain as the caps count it (lower case); null for other mails. */
    cap_domain: string | null;
    /** The client network (IPv4 /24, IPv6 /48) a confirmation was asked from; cleared an hour after its release. */
    client_network: string | null;
  };
  /** Welcome vouchers: one per mailbox and shop, ever (server/newsletter/vouchers.ts). */
  vouchers: {
    id: Generated<number>;
    code: string;
    kind: string;
    shop: string;
    percent: number;
    issued_at: string;
    valid_until: string | null;
    subscriber_id: number;
    /** The mailbox key of the address it was issued to; null for vouchers issued before keys were kept. */
    mailbox_key: string | null;
  };
  /** The İYS queue of consents and withdrawals (server/iys/syncQueue.ts, docs/newsletter.md#iys). */
  iys_sync: {
    id: Generated<number>;
    subscriber_id: number | null;
    shop: string;
    recipient: string;
    status: string;
    /** The instant of the consent or withdrawal, UTC ISO 8601 (sent in Istanbul time). */
    consent_date: string;
    state: string;
    attempts: Generated<number>;
    next_attempt_at: string;
    deadline: string;
    last_error: string | null;
    request_id: string | null;
    held_mail_job_id: number | null;
    created_at: string;
    finished_at: string | null;
  };
  /** The suppression list per shop (server/mail/suppressions.ts, docs/newsletter.md#suppression). */
  suppressions: { site: string; address: string; reason: string; since: string; job_id: number | null };
  /** Soft bounces in a row per address and shop (server/mail/suppressions.ts). */
  soft_bounces: { site: string; address: string; in_a_row: number; last_at: string };
  /**
   * Every stored version of a promotion (the shop footer), per shop (server/promotion/versionStore.ts). `ab_test` and
   * `ab_group` are both set (a version for staff previewing that group) or both null (shoppers' version).
   */
  promotion_versions: {
    site: string;
    name: string;
    version: number;
    content_json: string;
    valid_from: string;
    ab_test: string | null;
    ab_group: string | null;
    stored_at: string;
    stored_by: string;
  };
  /**
   * Support's looks at, exports and erasures of an address (`npm run subscriber`, server/newsletter/subscriberCommand.ts): when,
   * which, the shops (comma-separated) and the operator; never the address.
   */
  subscriber_audit: {
    id: Generated<number>;
    at: string;
    action: 'show' | 'export' | 'erase';
    shops: string;
    operator: string;
  };
  /** The shop's customers, whose base data prefills the sign-up form (server/newsletter/loginCustomer.ts). */
  customers: {
    lid: string;
    email: string;
    salutation: string | null;
    first_name: string | null;
    last_name: string | null;
    consents: string;
  };
}
