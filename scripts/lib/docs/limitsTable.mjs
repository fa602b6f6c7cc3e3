// docs/constants.md#limits, row by row; every number is quoted from the code (constantTable.mjs).
import { perShopPhrase } from './formatValue.mjs';

const months = (count) => `valid ${count} month${count === 1 ? '' : 's'}`;

/** @type {import('./constantTable.mjs').ConstantRow[]} */
export const limitRows = [
  {
    what: 'e-mail address',
    value: (q) =>
      `at most ${q('EMAIL_MAX_LENGTH')} characters (the input accepts ${q('EMAIL_INPUT_MAX_LENGTH')}, so a longer one gets a message)`,
  },
  {
    what: 'A/B visitors remembered as counted',
    value: (q) =>
      `the last ${q('COUNTED_VISITORS_KEPT')} per instance, so a page view writes no count for them; the count itself is once per visitor and test`,
  },
  { what: 'first and last name', value: (q) => `at most ${q('NAME_MAX_LENGTH')} characters` },
  { what: '`origin`, `originAddition`', value: (q) => `at most ${q('ORIGIN_MAX_LENGTH')} characters` },
  {
    what: 'login user name / password',
    value: (q) => `1–${q('LOGIN_USERNAME_MAX_LENGTH')} / 1–${q('LOGIN_PASSWORD_MAX_LENGTH')} characters`,
  },
  {
    what: 'sign-ups per client address',
    value: (q) => `${q('NEWSLETTER_SIGNUPS_PER_MINUTE')} per minute by default, then \`429\``,
    see: '[configuration.md](configuration.md)',
  },
  {
    what: 'exports and erasures per client address (call and preferences page, wrong tokens included)',
    value: (q) =>
      `${q('SUBSCRIBER_RIGHTS_PER_WINDOW')} per ${q('SUBSCRIBER_RIGHTS_WINDOW_MS', 'minutes')}, then \`429\` with \`Retry-After\``,
    see: '[calls.md#export-and-erasure](calls.md#export-and-erasure)',
  },
  {
    what: 'confirmation mails per recipient domain / in all / one client network’s share of a domain',
    value: (q) =>
      `${q('NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR')} / ${q('NEWSLETTER_CONFIRMATIONS_PER_HOUR')} per hour, ${q('NEWSLETTER_CONFIRMATIONS_NETWORK_SHARE_PERCENT')} % by default; beyond them a sign-up is stored and answered as usual, and its mail deferred until the caps allow it`,
    see: '[newsletter.md#rate-limit](newsletter.md#rate-limit)',
  },
  {
    what: 'throttle counts kept (sign-up per client, staff login, admin token)',
    value: (q) =>
      `in the database, shared by every instance on it; a window or failure count that is over is deleted every ${q('THROTTLE_SWEEP_INTERVAL_MS', 's')}`,
    see: '[operations.md#databases](operations.md#databases)',
  },
  {
    what: 'welcome voucher (TR: welcome discount)',
    value: (q) =>
      `${q('shops[].welcomeVoucher.percent')} % for one online order; ${perShopPhrase(q.raw('shops[].welcomeVoucher.validMonths'), (count) => (count === null ? 'no end date' : months(count)))}`,
    see: 'sent by mail after confirmation ([newsletter.md#welcome-voucher](newsletter.md#welcome-voucher))',
  },
  { what: 'minimum age in the legal text', value: (q) => q('shops[].newsletter.minimumAge') },
  { what: 'password strength', value: (q) => `shorter than ${q('minPasswordLength')} characters is always weak` },
  { what: 'IBAN', value: (q) => `at most ${q('ibanMaxLength')} characters` },
  {
    what: 'CMS logo width and height',
    value: (q) => `1–${q('LOGO_MAX_PIXELS', 'px')}, default ${q('LOGO_DEFAULT_PIXELS')}`,
  },
  { what: 'CMS content nesting', value: (q) => `at most ${q('MAX_CONTENT_DEPTH')} objects or lists deep` },
  {
    what: 'problems listed for refused content',
    value: (q) => `at most ${q('MAX_LISTED_PROBLEMS')} (\`problemCount\` says how many there are)`,
  },
  {
    what: 'promotion admin token',
    value: (q) =>
      `at least ${q('PROMOTION_ADMIN_TOKEN_MIN_LENGTH')} characters; a generated one is ${q('ADMIN_TOKEN_BYTES')} random bytes (base64url)`,
  },
  {
    what: 'request body of a `/service` call',
    value: (q) =>
      `at most ${q('DEFAULT_BODY_LIMIT_BYTES', 'KB')}; ${q('PROMOTION_BODY_LIMIT_BYTES', 'KB')} for published content (\`PUT\` promotion), ${q('OPENS_BODY_LIMIT_BYTES', 'KB')} for reported opens, ${q('MAIL_EVENTS_BODY_LIMIT_BYTES', 'KB')} for the mail events webhook`,
  },
  {
    what: 'opens reported in one call',
    value: (q) => `at most ${q('OPENS_PER_CALL_MAX')}; a longer list is refused whole`,
    see: '[calls.md#record-opens](calls.md#record-opens)',
  },
  {
    what: 'subscriptions the unopened sweep ends per transaction',
    value: (q) => `${q('LAPSE_BATCH_SIZE')}; it goes on until none is due`,
  },
  { what: 'A/B test and group names of a version', value: (q) => `at most ${q('AB_NAME_MAX_LENGTH')} characters` },
  {
    what: 'groups of an A/B test',
    value: (q) => `2 to ${q('AB_TEST_MAX_GROUPS')}; weights in whole percent, one per group, summing to 100`,
    see: '[operations.md#ab-tests](operations.md#ab-tests)',
  },
  { what: '`x-operator` of a version', value: (q) => `1–${q('OPERATOR_MAX_LENGTH')} characters` },
  {
    what: 'failed logins',
    value: (q) =>
      `${q('defaultLoginThrottle.freeAttemptsPerAccount')} per account name and ${q('defaultLoginThrottle.freeAttemptsPerClient')} per client, then each failure doubles the wait, from ${q('defaultLoginThrottle.firstDelayMs', 's')} up to ${q('defaultLoginThrottle.maxDelayMs', 'minutes')}`,
  },
  {
    what: 'login password hashes at the same time',
    value: (q) =>
      `${q('LOGIN_HASH_CONCURRENCY')}; up to ${q('LOGIN_HASH_QUEUE')} more logins wait, one more gets \`503\` with \`Retry-After\``,
  },
  {
    what: 'wrong promotion admin tokens',
    value: (q) =>
      `${q('adminTokenBackoff.freeAttempts')} per client, then each doubles the wait, from ${q('adminTokenBackoff.firstDelayMs', 's')} up to ${q('adminTokenBackoff.maxDelayMs', 'minutes')}`,
  },
  { what: 'mails handed over at the same time', value: (q) => q('SENDER_CONCURRENCY') },
  { what: 'consents the stand-in İYS keeps in memory', value: (q) => q('IYS_STAND_IN_KEPT_CONSENTS') },
  {
    what: 'soft bounces in a row before an address is suppressed',
    value: (q) => `${q('SOFT_BOUNCE_LIMIT')} by default (\`MAIL_SOFT_BOUNCE_LIMIT\`)`,
    see: '[newsletter.md#suppression](newsletter.md#suppression)',
  },
  {
    what: 'a message to the mail intake',
    value: (q) => `at most ${q('INTAKE_MAX_MESSAGE_BYTES', 'KB')}; a larger one is refused with \`552\``,
  },
  {
    what: 'recipients of one message to the mail intake',
    value: (q) => `at most ${q('INTAKE_MAX_RECIPIENTS')}; each further one is refused with \`452\``,
    see: '[operations.md#bounces-and-complaints](operations.md#bounces-and-complaints)',
  },
  {
    what: 'the tag of a per-mail bounce or unsubscribe address',
    value: (q) =>
      `${q('VERP_TAG_LENGTH')} characters of base32 (5 bits each) of an HMAC-SHA256 over kind, job and recipient`,
    see: '[newsletter.md#suppression](newsletter.md#suppression)',
  },
  {
    what: 'events reported to the mail webhook in one call',
    value: (q) => `at most ${q('MAIL_EVENTS_PER_CALL')}; a longer list is refused whole`,
    see: '[calls.md#mail-events](calls.md#mail-events)',
  },
  { what: 'releases kept', value: (q) => `${q('KEEP_RELEASES')} by default (the live one always)` },
  { what: 'publisher build logs kept', value: (q) => q('KEEP_LOGS') },
];
