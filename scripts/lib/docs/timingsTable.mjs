// docs/constants.md#timings, row by row; every number is quoted from the code (constantTable.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { codeValue } from './codeValues.mjs';
import { listOf } from './formatValue.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

/** One row per seed set of footer versions: its folder, the shops it has a file for, and when it applies. */
function seedRows() {
  const shops = codeValue('shops').value;
  return codeValue('footerSeedSets').value.map((set, index) => {
    const folder = path.relative(root, set.dir);
    const codes = shops
      .filter((shop) => fs.existsSync(path.join(set.dir, `${shop.segment}.json`)))
      .map((shop) => shop.code);
    const forGroup = set.abTarget
      ? `, only for staff previewing \`${set.abTarget.test}\` group \`${set.abTarget.group}\``
      : '';
    return {
      what: `seeded footer versions \`${folder}/\` (${codes.length === shops.length ? 'every shop' : listOf(codes)})`,
      value: (q) => {
        const { validFrom } = q.raw('footerSeedSets')[index];
        const from =
          typeof validFrom === 'string'
            ? `valid from \`${validFrom}\``
            : `valid from the next \`${validFrom.everyYear}\` (month and day of any year) at least ${q('SEED_LEAD_MS', 'days')} after the seed is stored`;
        return `${from}${forGroup}`;
      },
    };
  });
}

/** @type {import('./constantTable.mjs').ConstantRow[]} */
export const timingRows = [
  { what: "every call's time-out", value: (q) => q('REQUEST_TIMEOUT_MS', 'ms') },
  {
    what: 'a sign-up submitted before the island hydrated',
    value: (q) =>
      `posted as the plain form after ${q('HYDRATION_FALLBACK_MS', 'ms')} without hydration, at once when the island's code fails`,
  },
  {
    what: "the plain sign-up form's success, shown again on a reload",
    value: (q) => `for ${q('SIGNED_UP_COOKIE_MAX_AGE_SECONDS', 'minutes')} (its cookie's lifetime)`,
  },
  { what: 'login-token check while logged in', value: (q) => `every ${q('LOGGED_IN_INTERVAL_MS', 'minutes')}` },
  {
    what: 'login-token check while waiting for a login cookie',
    value: (q) => `every ${q('WAITING_INTERVAL_MS', 'seconds')}`,
  },
  {
    what: 'login token lifetime / renew-after',
    value: (q) =>
      `${q('LOGIN_TOKEN_TTL_SECONDS', 's')} / ${q('LOGIN_TOKEN_RENEW_AFTER_SECONDS', 's')} after issue by default`,
  },
  { what: 'long-term token', value: (q) => q('LONG_TERM_TOKEN_TTL_SECONDS', 'days') },
  { what: 'staff-login renewal by the panel', value: (q) => `every ${q('PREVIEW_LOGIN_RENEW_INTERVAL_MS', 'ms')}` },
  {
    what: 'staff session',
    value: (q) =>
      `${q('SESSION_TTL_MS', 'minutes')} after login or last renewal, and never longer than ${q('SESSION_MAX_LIFETIME_MS', 'hours')} after login`,
  },
  {
    what: 'confirmation link',
    // The lifetime is made from the days the TR legal notice names: both places are listed.
    value: (q) => (
      q.raw('UNCONFIRMED_SIGN_UP_DAYS'),
      `valid ${q('DOI_TOKEN_LIFETIME_MS', 'days')}, as the TR legal notice says; unconfirmed sign-ups deleted after that, checked at start and every ${q('EXPIRY_SWEEP_INTERVAL_MS', 'minutes')}`
    ),
    see: '[newsletter.md#double-opt-in](newsletter.md#double-opt-in)',
  },
  {
    what: 'health reports PostgreSQL degraded',
    value: (q) =>
      `while the last write of the last ${q('DEGRADED_REPORT_MS', 's')} timed out and none committed since (\`DATABASE_ACQUIRE_TIMEOUT_MS\` + \`DATABASE_STATEMENT_TIMEOUT_MS\` bound every request)`,
    see: '[operations.md#when-postgresql-is-slow](operations.md#when-postgresql-is-slow)',
  },
  {
    what: 'confirmation mails deferred by a cap',
    value: (q) => `let go as the caps allow, checked every ${q('CONFIRMATION_RELEASE_INTERVAL_MS', 's')}`,
    see: '[newsletter.md#rate-limit](newsletter.md#rate-limit)',
  },
  {
    what: 'e-bulletins not opened (promised in TR)',
    value: (q) =>
      `the subscription ends after ${q('UNOPENED_STOP_YEARS')} years, its withdrawal registered with İYS: a subscription without an open (or confirmation) for that long ends, checked at start and every ${q('UNOPENED_SWEEP_INTERVAL_MS', 'minutes')}`,
    see: '[newsletter.md#opens-and-the-tr-two-year-rule](newsletter.md#opens-and-the-tr-two-year-rule)',
  },
  {
    what: 'TR consents and withdrawals to İYS',
    value: (q) =>
      `sent at start, every ${q('IYS_SYNC_INTERVAL_MS', 's')} and whenever mail is queued; due within ${q('IYS_DEADLINE_BUSINESS_DAYS')} business days (weekends skipped, public holidays approximated by weekends); a call times out after ${q('IYS_REQUEST_TIMEOUT_MS', 's')}`,
    see: '[newsletter.md#iys](newsletter.md#iys)',
  },
  {
    what: 'İYS busy or unreachable (5xx, 429, network)',
    value: (q) =>
      `retried after ${q('IYS_RETRY_FIRST_MS', 'minutes')}, doubling per attempt up to ${q('IYS_RETRY_MAX_MS', 'minutes')}`,
  },
  {
    what: "a mail job this sender claimed but no loop of it delivers (the claim's answer was lost)",
    value: (q) =>
      `taken back once its claim is ${q('OWN_CLAIM_LOST_MS', 's')} old, at the next look at the jobs left \`sending\``,
    see: '[newsletter.md#mail-delivery](newsletter.md#mail-delivery)',
  },
  {
    what: 'the İYS sync lease (one instance sends at a time)',
    value: (q) =>
      `lost ${q('IYS_SYNC_LEASE_TTL_MS', 'minutes')} after its holder last sent, at once when that process is gone from this host`,
    see: '[operations.md#several-instances](operations.md#several-instances)',
  },
  {
    what: 'a reported open in the future',
    value: (q) => `refused (\`400\`) when later than ${q('OPENED_AT_FUTURE_TOLERANCE_MS', 'minutes')} from now`,
  },
  {
    what: 'confirmation e-mails to one address',
    value: (q) => `at most one per ${q('CONFIRMATION_EMAIL_INTERVAL_MS', 'minutes')}`,
  },
  { what: 'sign-up rate-limit window', value: (q) => q('SIGN_UP_WINDOW_MS', 's') },
  {
    what: 'a mail the transport refused',
    value: (q) =>
      `retried after ${q('MAIL_RETRY_MS', 'ms')}, doubling per attempt up to ${q('MAIL_RETRY_MAX_MS', 'ms')} by default`,
  },
  {
    what: 'mail jobs a gone sender left `sending`',
    value: (q) =>
      `settled every ${q('SETTLE_EVERY_MS', 's')}; a sender on another host counts as gone once its claim is ${q('FOREIGN_CLAIM_TIMEOUT_MS', 'minutes')} old`,
  },
  {
    what: 'a database write lock held by another process',
    value: (q) =>
      `waited for up to ${q('DATABASE_BUSY_TIMEOUT_MS', 'ms')}, then 503 with \`Retry-After\` (${q('DATABASE_BUSY_RETRY_AFTER_SECONDS', 's')}); further writes answer 503 at once for ${q('DATABASE_BUSY_BACKOFF_MS', 'ms')}; at start (the switch to WAL, migrations and the seed) waited for up to ${q('DATABASE_START_BUSY_TIMEOUT_MS', 's')}`,
  },
  {
    what: 'a mail sender that cannot work (its database locked, a full disk)',
    value: (q) =>
      `pauses up to ${q('SENDER_ERROR_BACKOFF_MAX_MS', 's')} between tries; reported by the health call after ${q('SENDER_STALL_REPORT_MS', 's')}`,
  },
  {
    what: 'an SMTP server that stays silent',
    value: (q) => `the attempt fails after ${q('SMTP_SOCKET_TIMEOUT_MS', 's')}`,
  },
  {
    what: 'a stopping mail sender',
    value: (q) => `waits up to ${q('SENDER_STOP_GRACE_MS', 'ms')} for the hand-overs under way`,
  },
  {
    what: 'view changer, consent and `ab_visitor` cookies',
    value: (q) => q('REMEMBERED_CHOICE_MAX_AGE_SECONDS', 'years'),
  },
  {
    what: 'content versions migrated from the old `promotions` table',
    value: (q) => `valid from ${q('MIGRATED_VERSIONS_VALID_FROM', 'code')}`,
  },
  ...seedRows(),
  {
    what: '`content:publish` waiting for an immediate version to go live',
    value: (q) => `at most ${q('LIVE_TIMEOUT_MS', 's')}, status asked every ${q('STATUS_POLL_MS', 'ms')}`,
  },
  { what: 'Astro build of a release', value: (q) => `stopped after ${q('BUILD_TIMEOUT_MS', 's')}, the build fails` },
  {
    what: 'a publisher build (builder process)',
    value: (q) => `stopped after ${q('PUBLISH_BUILD_TIMEOUT_MS', 's')}, the build fails`,
  },
  {
    what: "publisher's schedule timer",
    value: (q) =>
      `looked at again at least every ${q('MAX_TIMER_MS', 's')}, so a version stored through another instance goes live within it too`,
  },
  {
    what: "a start's schema steps on PostgreSQL",
    value: (q) =>
      `at most ${q('MIGRATION_TIMEOUT_MS', 's')}, waiting for another instance's steps included, instead of a statement's time-out`,
  },
  {
    what: 'the running A/B tests a page is picked by',
    value: (q) =>
      `read again at most every ${q('RUNNING_TESTS_CACHE_MS', 's')}; a test's start and end change the pages with the rebuild they cause`,
  },
  {
    what: 'footer versions stored through another instance',
    value: (q) =>
      `read every ${q('VERSION_REFRESH_MS', 's')}: served, previewed and built by this instance from then on`,
  },
  {
    what: 'the build lease of several instances',
    value: (q) =>
      `lost ${q('BUILD_LEASE_TTL_MS', 's')} after its last renewal; an instance waiting for it asks every ${q('BUILD_LEASE_POLL_MS', 'ms')}`,
  },
  {
    what: '`npm run rollback` while an instance builds',
    value: (q) => `waits for the build lease up to ${q('COMMAND_LEASE_WAIT_MS', 's')}, then gives up saying who builds`,
  },
  {
    what: 'a starting instance waiting for an unreachable PostgreSQL (`DATABASE_URL`)',
    value: (q) => `asks again every ${q('POSTGRES_START_RETRY_MS', 's')}, saying so once`,
  },
  {
    what: 'a repair build after one that left the site without a release',
    value: (q) =>
      `not before ${q('REPAIR_RETRY_MS', 's')}; pages and health say \`Retry-After: ${q('RETRY_AFTER_SECONDS')}\` meanwhile`,
  },
  {
    what: 'graceful shutdown (SIGTERM, SIGINT)',
    value: (q) =>
      `over within ${q('SHUTDOWN_TIMEOUT_MS', 's')}, then exit 0; tasks still running are told to stop hard ${q('ABORT_MARGIN_MS', 's')} before`,
  },
  { what: 'a keep-alive connection idle at shutdown', value: (q) => `closed once idle ${q('IDLE_CLOSE_MS', 's')}` },
  {
    what: 'an idle keep-alive connection',
    value: (q) =>
      `closed after ${q('HTTP_KEEP_ALIVE_MS', 's')}: longer than a load balancer keeps one idle, so the balancer closes it first`,
  },
  {
    what: 'a publisher build whose server died',
    value: (q) => `stops within ${q('PARENT_CHECK_MS', 'ms')}, before any switch`,
  },
  {
    what: 'the rest of a body refused with 413',
    value: (q) =>
      `read and dropped up to ${q('REFUSED_BODY_DRAIN.maxBytes', 'MB')} or ${q('REFUSED_BODY_DRAIN.maxMs', 's')}`,
  },
];
