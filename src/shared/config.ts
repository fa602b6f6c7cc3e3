import path from 'node:path';
import * as v from 'valibot';
import { dkimSigning } from './dkimSettings.ts';

/** A comma-separated list; blanks dropped. */
const list = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter((item) => item !== ''),
  ),
);

/** A value that may be absent; an empty one counts as absent. */
const optionalText = v.optional(v.pipe(v.string(), v.nonEmpty()));

/** A mail address as a header names it: `Aroma <newsletter@aroma.example>` or `newsletter@aroma.example`. */
const mailbox = v.pipe(
  v.string(),
  v.regex(
    /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
    'must be an address such as Aroma <newsletter@aroma.example>',
  ),
);

/** The domain of a mailbox as `mailbox` accepts it (`Aroma <newsletter@aroma.example>` → `aroma.example`). */
function domainOf(address: string): string {
  return /@([^\s<>@]+?)>?$/.exec(address.trim())?.[1]?.toLowerCase() ?? 'localhost';
}

/** Shortest `PROMOTION_ADMIN_TOKEN` accepted, in characters (docs/constants.md#limits). */
export const PROMOTION_ADMIN_TOKEN_MIN_LENGTH = 24;

/** How long a statement waits for a pooled PostgreSQL connection, by default (`DATABASE_ACQUIRE_TIMEOUT_MS`). */
export const DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS = 1000;

/** How many soft bounces in a row suppress an address, by default (`MAIL_SOFT_BOUNCE_LIMIT`, docs/constants.md#limits). */
export const SOFT_BOUNCE_LIMIT = 7;

/** Whether a URL is an origin alone: no path beyond `/`, no query, fragment or credentials. */
function isBareOrigin(value: string): boolean {
  const url = new URL(value);
  return url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}

/** A whole number from the environment, within bounds. */
function integer(fallback: number, min: number, max: number) {
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
}

/**
 * The environment the local services read (docs/configuration.md). Every variable is checked at start, so a typo
 * stops the server with a message naming the variable instead of silently turning a protection off.
 */
export const environmentSchema = v.object({
  /** TCP port; 0 picks a free one. */
  PORT: integer(4321, 0, 65535),
  /** Interface to listen on; localhost only by default. */
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'localhost'),
  /** SQLite file; created on first start. */
  DB_PATH: v.optional(v.string(), '.data/storefront.sqlite'),
  /**
   * PostgreSQL shared by several instances (docs/operations.md#topology): the stores already on the shared data layer
   * (throttles, preview sessions, the publish lease, generated secrets) live there instead of in `DB_PATH`. Never printed.
   */
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL'))),
  /** Most connections to `DATABASE_URL` one instance keeps open. */
  DATABASE_POOL_SIZE: integer(10, 1, 200),
  /** Longest one statement (or lock wait) on `DATABASE_URL` may take before the call answers 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: integer(5000, 100, 60_000),
  /**
   * Longest a statement waits for one of the pool's connections (or for a new one to connect) before the call answers
   * 503; a request's database work is bounded by this plus the statement time-out (docs/operations.md).
   */
  DATABASE_ACQUIRE_TIMEOUT_MS: integer(DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS, 50, 60_000),
  /** The live site: a link to the live release's `site/` folder (docs/calls.md#publisher). */
  DIST_DIR: v.optional(v.string(), 'dist'),
  /** Where every release (a complete built site plus `release.json`) is kept. */
  RELEASES_DIR: v.optional(v.string(), '.data/releases'),
  /** How many releases are kept; the live one is never deleted. */
  KEEP_RELEASES: integer(5, 1, 100),
  /**
   * `auto`: the server rebuilds shops when content becomes effective, on the rebuild call, and at start for shops
   * whose live release is behind; `no-catch-up`: the same without the start check (`npm start` and the e2e harness
   * build everything right after starting); `off`: no publisher (the short-lived services a build reads content from).
   */
  PUBLISHER: v.optional(v.picklist(['auto', 'no-catch-up', 'off'], 'must be auto, no-catch-up or off'), 'auto'),
  /**
   * `on`: the pages of running A/B tests' groups are built into each release and served to the visitors in them;
   * `off`: every visitor gets the default pages and builds make no variants (docs/operations.md#ab-tests).
   */
  AB_VARIANTS: v.optional(v.picklist(['on', 'off'], 'must be on or off'), 'on'),
  /** The on-demand renderer of staff preview renders (built by every full build; never inside the served site). */
  PREVIEW_RENDERER_DIR: v.optional(v.string(), '.data/preview-renderer'),
  /** Folder the mails are written to, one `.eml` file each, when no SMTP server is configured. */
  OUTBOX_DIR: v.optional(v.string(), '.data/outbox'),
  /** The SMTP server mails are sent through (`smtp://user:pass@host:587`, `smtps://…`); unset: the file outbox. */
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol),
        'must be an smtp:// or smtps:// URL',
      ),
    ),
  ),
  /** Sender and reply address of every mail: `Name <address>` or a bare address. */
  MAIL_FROM: v.optional(mailbox, 'Aroma Newsletter <newsletter@aroma.example>'),
  MAIL_REPLY_TO: v.optional(mailbox, 'Aroma Kundenservice <service@aroma.example>'),
  /**
   * The domain of the per-mail bounce and unsubscribe addresses (`bounce+{job}-{tag}@…`, `unsubscribe+{job}-{tag}@…`,
   * server/mail/verp.ts) and of the intake's `feedback@`; unset: the domain of MAIL_FROM. Its MX must lead to the
   * mail intake.
   */
  MAIL_BOUNCE_DOMAIN: v.optional(
    v.pipe(v.string(), v.regex(/^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i, 'must be a domain name')),
  ),
  /**
   * DKIM signing of every mail (docs/operations.md#sending-domain-dkim-spf-dmarc): the domain, the selector and the
   * RSA private key (PEM text, or a file read at start); all three or none.
   */
  MAIL_DKIM_DOMAIN: v.optional(
    v.pipe(v.string(), v.regex(/^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i, 'must be a domain name')),
  ),
  MAIL_DKIM_SELECTOR: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*$/i,
        'must be a DNS label such as mail2026',
      ),
    ),
  ),
  MAIL_DKIM_PRIVATE_KEY: optionalText,
  MAIL_DKIM_PRIVATE_KEY_FILE: optionalText,
  /** First retry of a mail the transport refused, in ms; doubles per attempt up to MAIL_RETRY_MAX_MS. */
  MAIL_RETRY_MS: integer(5000, 10, 3_600_000),
  MAIL_RETRY_MAX_MS: integer(600_000, 10, 86_400_000),
  /** Soft bounces in a row after which an address is suppressed in its shop (docs/newsletter.md#suppression). */
  MAIL_SOFT_BOUNCE_LIMIT: integer(SOFT_BOUNCE_LIMIT, 1, 1000),
  /** Port of the inbound SMTP intake of bounces and complaints (docs/operations.md#bounces-and-complaints); unset: off. */
  MAIL_INTAKE_PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.maxValue(65535, 'must be at most 65535'),
    ),
  ),
  /**
   * Domains of the mailbox providers' feedback loops whose DKIM-verified complaint reports the intake trusts without
   * our tag in the returned message (docs/newsletter.md#suppression); comma-separated; unset: none.
   */
  MAIL_FEEDBACK_LOOP_DOMAINS: list,
  /** Secret of the providers' bounce and complaint webhook (docs/calls.md#mail-events); unset: the webhook is off. */
  MAIL_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /**
   * Bearer token of `GET /service/metrics` (docs/operations.md#monitoring), at least 16 characters; unset: the
   * endpoint does not exist (404).
   */
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  /**
   * How the services log (docs/operations.md#logs): `json`, one JSON object a line for a log collector; `text`,
   * human-readable lines.
   */
  LOG_FORMAT: v.optional(v.picklist(['text', 'json'], 'must be text or json'), 'text'),
  /** The public origin: confirmation links are built on it, never on the request's Host header. */
  SITE_URL: v.pipe(
    v.optional(v.string(), 'http://localhost:4321'),
    v.url('must be an absolute URL such as https://shop.example'),
    v.check(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'must be an http: or https: URL',
    ),
  ),
  /**
   * The retailer's own site (docs/footer.md#links-to-the-retailers-site): every link to a page of it (the CMS footer's,
   * the sign-up's legal links, the mails' imprint and voucher-conditions links) leads there, and no stand-in page is
   * built. Unset: stand-ins answer for those pages, for local runs only (docs/operations.md#the-retailers-site).
   */
  RETAILER_ORIGIN: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && isBareOrigin(value),
        'must be an http(s) origin without a path, such as https://www.aroma.example',
      ),
      v.transform((value) => new URL(value).origin),
    ),
  ),
  /** Further `host[:port]` names the site answers to (e.g. a dev proxy's). */
  ALLOWED_HOSTS: list,
  /** Whether a reverse proxy in front appends the client address to X-Forwarded-For (`npm run dev` does). */
  TRUST_PROXY: v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0'], 'must be true or false'), 'false'),
    v.transform((value) => value === 'true' || value === '1'),
  ),
  /** Sign-ups per client and minute before a generic 429. */
  NEWSLETTER_SIGNUPS_PER_MINUTE: integer(30, 1, 100_000),
  /**
   * Confirmation mails per recipient domain and hour, overall per hour, and the share of a domain's hour one client
   * network (IPv4 /24, IPv6 /48) may take, in percent; beyond them a sign-up is stored and its mail deferred
   * (docs/newsletter.md#rate-limit).
   */
  NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: integer(200, 1, 10_000_000),
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: integer(2000, 1, 10_000_000),
  NEWSLETTER_CONFIRMATIONS_NETWORK_SHARE_PERCENT: integer(10, 1, 100),
  /** The staff login; the demo defaults are printed at start when no password is set. */
  STAFF_USER: optionalText,
  STAFF_PASSWORD: optionalText,
  /** The demo shopper's login. */
  SHOPPER_EMAIL: optionalText,
  SHOPPER_PASSWORD: optionalText,
  /** HMAC secrets of login and long-term tokens; generated once and kept in the database when unset. */
  LOGIN_TOKEN_SECRET: optionalText,
  LONG_TERM_TOKEN_SECRET: optionalText,
  /** Login-token lifetime and renew-after, in seconds. */
  LOGIN_TOKEN_TTL_SECONDS: integer(1800, 60, 86_400),
  LOGIN_TOKEN_RENEW_AFTER_SECONDS: integer(600, 1, 86_400),
  /** Bearer token of the promotion admin calls; generated and kept next to the database when unset. */
  PROMOTION_ADMIN_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.minLength(PROMOTION_ADMIN_TOKEN_MIN_LENGTH, `must be at least ${PROMOTION_ADMIN_TOKEN_MIN_LENGTH} characters`),
    ),
  ),
  /**
   * Turkey's İYS (docs/newsletter.md#iys): the API's base URL (unset: this server's own stand-in under `/service/iys`),
   * the sender's İYS code and brand code, and the API login. With IYS_URL set, IYS_PASSWORD must be set too.
   */
  IYS_URL: v.optional(
    v.pipe(
      v.string(),
      v.check((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL'),
    ),
  ),
  IYS_CODE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a number')), '100000'),
  IYS_BRAND_CODE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a number')), '100001'),
  IYS_USERNAME: v.optional(v.pipe(v.string(), v.nonEmpty()), 'stand-in'),
  IYS_PASSWORD: optionalText,
});

/** The password the stand-in İYS accepts when neither IYS_URL nor IYS_PASSWORD is set (local use only). */
export const IYS_STAND_IN_PASSWORD = 'stand-in-password';

/** Variables whose value must never be echoed in an error message. */
const secretVariables = new Set([
  'PROMOTION_ADMIN_TOKEN',
  'SMTP_URL',
  'DATABASE_URL',
  'MAIL_DKIM_PRIVATE_KEY',
  'IYS_PASSWORD',
  'MAIL_WEBHOOK_SECRET',
  'METRICS_TOKEN',
]);

/**
 * The settings of the local services, checked and normalised; relative paths resolve against `root`.
 * Derived from the environment schema so the two never disagree.
 */
export function configSchema(root: string) {
  return v.pipe(
    environmentSchema,
    // A real İYS needs its real password: no stand-in default may reach it.
    v.forward(
      v.partialCheck(
        [['IYS_URL'], ['IYS_PASSWORD']],
        (e) => e.IYS_URL === undefined || e.IYS_PASSWORD !== undefined,
        'must be set when IYS_URL is',
      ),
      ['IYS_PASSWORD'],
    ),
    v.transform((e) => ({
      port: e.PORT,
      host: e.HOST,
      dbPath: e.DB_PATH === ':memory:' ? e.DB_PATH : path.resolve(root, e.DB_PATH),
      /** PostgreSQL for the shared data layer, or undefined: SQLite at `dbPath` (docs/operations.md#databases). */
      postgres:
        e.DATABASE_URL === undefined
          ? undefined
          : {
              url: e.DATABASE_URL,
              poolSize: e.DATABASE_POOL_SIZE,
              statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
              acquireTimeoutMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
            },
      distDir: path.resolve(root, e.DIST_DIR),
      releasesDir: path.resolve(root, e.RELEASES_DIR),
      keepReleases: e.KEEP_RELEASES,
      publisher: e.PUBLISHER,
      abVariants: e.AB_VARIANTS === 'on',
      outboxDir: path.resolve(root, e.OUTBOX_DIR),
      /** How mails go out (docs/newsletter.md#mail-delivery): SMTP when `smtpUrl` is set, else one file each in `outboxDir`. */
      mail: {
        smtpUrl: e.SMTP_URL,
        from: e.MAIL_FROM,
        replyTo: e.MAIL_REPLY_TO,
        /** Domain of the per-mail bounce and unsubscribe addresses (server/mail/verp.ts). */
        bounceDomain: e.MAIL_BOUNCE_DOMAIN ?? domainOf(e.MAIL_FROM),
        /** How every mail is signed; undefined: unsigned (src/shared/dkimSettings.ts). */
        dkim: dkimOf(e, root),
        retryMs: e.MAIL_RETRY_MS,
        retryMaxMs: Math.max(e.MAIL_RETRY_MS, e.MAIL_RETRY_MAX_MS),
        softBounceLimit: e.MAIL_SOFT_BOUNCE_LIMIT,
        /** The inbound SMTP intake's port on HOST (server/mail/intake.ts); undefined: no intake. */
        intakePort: e.MAIL_INTAKE_PORT,
        /** Feedback-loop domains whose DKIM-signed complaints count without our tag (server/newsletter/intakeReports.ts). */
        feedbackLoopDomains: e.MAIL_FEEDBACK_LOOP_DOMAINS,
        /** The secret of `POST /service/mail/api/events`; undefined: the call answers 404. */
        webhookSecret: e.MAIL_WEBHOOK_SECRET,
      },
      previewRendererDir: path.resolve(root, e.PREVIEW_RENDERER_DIR),
      /** The bearer token of `/service/metrics`; undefined: the endpoint answers 404 (docs/operations.md#monitoring). */
      metricsToken: e.METRICS_TOKEN,
      /** `json` or `text` log lines (server/log/serviceLog.ts). */
      logFormat: e.LOG_FORMAT,
      /** Origin of the public site, e.g. `https://shop.example` (no trailing slash). */
      siteUrl: new URL(e.SITE_URL).origin,
      /** Origin of the retailer's site the mails link its pages on; undefined: on `siteUrl`, the stand-ins. */
      retailerOrigin: e.RETAILER_ORIGIN,
      /** `host[:port]` names besides the site's and the server's own (lower case). */
      allowedHosts: e.ALLOWED_HOSTS,
      trustProxy: e.TRUST_PROXY,
      signUpsPerMinute: e.NEWSLETTER_SIGNUPS_PER_MINUTE,
      /** Caps on confirmation mails, whoever asks for them (server/throttle/confirmationCaps.ts). */
      confirmationCaps: {
        perDomainPerHour: e.NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
        perHour: e.NEWSLETTER_CONFIRMATIONS_PER_HOUR,
        /** One client network's share of a domain's hour, in mails (at least one). */
        perNetworkPerHour: Math.max(
          1,
          Math.floor(
            (e.NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR * e.NEWSLETTER_CONFIRMATIONS_NETWORK_SHARE_PERCENT) / 100,
          ),
        ),
      },
      /** Logins; unset passwords fall back to the printed demo accounts (server/preview/staffAccounts.ts). */
      accounts: {
        staffUser: e.STAFF_USER,
        staffPassword: e.STAFF_PASSWORD,
        shopperEmail: e.SHOPPER_EMAIL,
        shopperPassword: e.SHOPPER_PASSWORD,
      },
      /** Configured secrets by variable name; absent ones are generated and kept in the database (server/secrets.ts). */
      secrets: { LOGIN_TOKEN_SECRET: e.LOGIN_TOKEN_SECRET, LONG_TERM_TOKEN_SECRET: e.LONG_TERM_TOKEN_SECRET },
      loginToken: { ttl: e.LOGIN_TOKEN_TTL_SECONDS, renewAfter: e.LOGIN_TOKEN_RENEW_AFTER_SECONDS },
      promotionAdminToken: e.PROMOTION_ADMIN_TOKEN,
      /** Turkey's İYS (server/iys/); `url` undefined: the stand-in of this server (`/service/iys`). */
      iys: {
        url: e.IYS_URL,
        iysCode: e.IYS_CODE,
        brandCode: e.IYS_BRAND_CODE,
        username: e.IYS_USERNAME,
        password: e.IYS_PASSWORD ?? IYS_STAND_IN_PASSWORD,
      },
      /** Where a generated admin token is kept; none for an in-memory database (the token then lasts one run). */
      promotionAdminTokenFile:
        e.DB_PATH === ':memory:'
          ? undefined
          : path.join(path.dirname(path.resolve(root, e.DB_PATH)), 'promotion-admin-token'),
    })),
  );
}

/** Settings of the local services. */
export type ServerConfig = v.InferOutput<ReturnType<typeof configSchema>>;

/** The DKIM settings, read (the key file too) and checked; a ConfigError naming the variables when they are wrong. */
function dkimOf(e: v.InferOutput<typeof environmentSchema>, root: string) {
  const signing = dkimSigning(e, (file) => path.resolve(root, file));
  if (Array.isArray(signing)) throw new ConfigError(`Invalid configuration: ${signing.join('; ')}`);
  return signing;
}

/** Bad settings: the message names every wrong variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Environment = Record<string, string | undefined>;

/**
 * Checks the variables `schema` names (others are ignored; empty counts as unset) and throws a ConfigError naming
 * every wrong one.
 */
function parseEnvironment<T extends v.GenericSchema>(schema: T, names: string[], env: Environment): v.InferOutput<T> {
  const known = Object.fromEntries(names.map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const result = v.safeParse(schema, known);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue) ?? '?';
      // Secrets are never echoed.
      const shown = secretVariables.has(name) || /PASSWORD|SECRET|TOKEN/.test(name) ? '…' : (env[name] ?? '');
      return `${name} ${issue.message} (got "${shown}")`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.output;
}

/** Reads and checks the services' settings; throws a ConfigError naming the variable when one is wrong. */
export function readConfig(env: Environment = process.env, root = process.cwd()): ServerConfig {
  return parseEnvironment(configSchema(root), Object.keys(environmentSchema.entries), env);
}

/** What the Astro build reads (docs/configuration.md). */
export const buildEnvironmentSchema = v.object({
  /** Where the build fetches CMS content; by default the local services on PORT. */
  SERVICE_ORIGIN: v.optional(v.pipe(v.string(), v.url('must be an absolute URL such as http://localhost:4321'))),
  PORT: environmentSchema.entries.PORT,
  SITE_URL: environmentSchema.entries.SITE_URL,
  /** The retailer's site every link to its pages leads to; unset: stand-in pages (local runs only). */
  RETAILER_ORIGIN: environmentSchema.entries.RETAILER_ORIGIN,
  /** Only these shops (segments); all when empty. */
  SHOPS: list,
  /** `1`: a shop without CMS content and without fallback ships the minimal footer instead of failing the build. */
  ALLOW_MINIMAL_FOOTER: v.pipe(
    v.optional(v.picklist(['1', '0', 'true', 'false'], 'must be 1 or 0'), '0'),
    v.transform((value) => value === '1' || value === 'true'),
  ),
  /** Where the country selector sends countries without a shop. */
  COUNTRY_SELECTOR_EXTERNAL_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /** How islands hydrate; the benchmark builds `visible` and `eager` variants to compare. */
  ISLANDS: v.optional(
    v.picklist(['interaction', 'visible', 'eager'], 'must be interaction, visible or eager'),
    'interaction',
  ),
  /** `1`: build the on-demand renderer of staff preview renders instead of the static site (scripts/lib/buildPreviewRenderer.mjs). */
  PREVIEW_RENDERER_BUILD: v.pipe(
    v.optional(v.picklist(['1', '0'], 'must be 1 or 0'), '0'),
    v.transform((value) => value === '1'),
  ),
  /** Astro's output folder (the release builder sets it). */
  ASTRO_OUT_DIR: v.optional(v.string(), './dist'),
  /** With `AB_GROUP`: build the pages of this A/B test's group, from its footer version (scripts/lib/buildVariants.mjs). */
  AB_TEST: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an A/B test name'))),
  /** The A/B group whose pages `AB_TEST` builds. */
  AB_GROUP: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an A/B group name'))),
});

/** Settings of the Astro build. */
export type BuildConfig = v.InferOutput<typeof buildEnvironmentSchema> & { serviceOrigin: string };

/** Reads and checks the build's settings. */
export function readBuildConfig(env: Environment = process.env): BuildConfig {
  const e = parseEnvironment(buildEnvironmentSchema, Object.keys(buildEnvironmentSchema.entries), env);
  return { ...e, serviceOrigin: e.SERVICE_ORIGIN ?? `http://localhost:${e.PORT}` };
}

/** Whether a site address is this machine's own (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`): a local run. */
export function isLocalSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * Why a build must not run with these settings, in one line naming the variable, or undefined. A site served at a
 * public address (`SITE_URL` not local) must link the retailer's real pages: without `RETAILER_ORIGIN` the build
 * would answer the retailer's legal addresses (imprint, privacy, the German cancellation button, the Turkish KVKK and
 * commercial-message pages) with placeholders (docs/operations.md#the-retailers-site).
 */
export function buildRefusal(build: Pick<BuildConfig, 'SITE_URL' | 'RETAILER_ORIGIN'>): string | undefined {
  if (build.RETAILER_ORIGIN !== undefined || isLocalSite(build.SITE_URL)) return undefined;
  return (
    `RETAILER_ORIGIN is not set: a build for ${new URL(build.SITE_URL).origin} would serve placeholder pages at the ` +
    "retailer's legal addresses (imprint, privacy, cancellation); set RETAILER_ORIGIN to the retailer's site, " +
    'e.g. https://www.aroma.example (docs/operations.md#the-retailers-site)'
  );
}

/** What the npm-run commands (start, dev, tests, bench, screenshots) read besides the services' and the build's. */
export const toolEnvironmentSchema = v.object({
  PORT: environmentSchema.entries.PORT,
  HOST: environmentSchema.entries.HOST,
  /** Passed on to the services when set (start, dev). */
  SITE_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  ALLOWED_HOSTS: v.optional(v.string()),
  TRUST_PROXY: v.optional(v.string()),
  SERVICE_ORIGIN: buildEnvironmentSchema.entries.SERVICE_ORIGIN,
  SHOPS: buildEnvironmentSchema.entries.SHOPS,
  ALLOW_MINIMAL_FOOTER: buildEnvironmentSchema.entries.ALLOW_MINIMAL_FOOTER,
  /** `npm start` passes it on to the services (`off` turns automatic publishing off). */
  PUBLISHER: environmentSchema.entries.PUBLISHER,
  /** The Chromium binary for tests, bench and screenshots. */
  CHROME_PATH: v.optional(v.string()),
  /** The X display the cross-engine suite's Firefox and MiniBrowser open on (`xvfb-run` sets it; `npm test` runs it so). */
  DISPLAY: v.optional(v.string()),
  /** An already served site to test or photograph instead of starting one. */
  BASE_URL: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /** Port of the site under test that `npm test` (or a test runner on its own) starts. */
  E2E_PORT: integer(4391, 1, 65535),
  /** Node's compile cache for the processes `npm test` starts; unset, `npm test` keeps it in node_modules/.cache/. */
  NODE_COMPILE_CACHE: v.optional(v.string()),
  /**
   * The site under test that `npm test` started and built once (scripts/lib/testSite.mjs), handed to the site and
   * browser layers with its `DATA_DIR`; unset, each of those runners starts its own.
   */
  TEST_SITE_ORIGIN: v.optional(v.pipe(v.string(), v.url('must be an absolute URL'))),
  /**
   * Set by a server for the build it starts: the holder of the release lease the server took for it, so the build
   * does not take it again (docs/architecture.md#locks).
   */
  RELEASE_LEASE_HOLDER: v.optional(v.pipe(v.string(), v.maxLength(300))),
  /** Lighthouse runs per benchmark figure (the median is kept). */
  BENCH_RUNS: integer(3, 1, 50),
  /** Only one part of the benchmark. */
  BENCH_ONLY: v.optional(v.string()),
  /** Screenshot widths, comma-separated. */
  WIDTHS: v.pipe(
    v.optional(v.string(), '375,1024,1440'),
    v.regex(/^\d+(,\d+)*$/, 'must be widths such as 375,1440'),
    v.transform((value) => value.split(',').map(Number)),
  ),
  /** The end-to-end tests' throwaway folder (database, outbox), made by playwright.config.ts and handed to its workers. */
  DATA_DIR: v.optional(v.string()),
  /** Where the end-to-end tests read confirmation e-mails when they test an already served site. */
  OUTBOX_DIR: v.optional(v.string()),
  /**
   * A PostgreSQL server the stores' tests also run against (each test in a fresh database of its own); unset, they run
   * on SQLite only (docs/operations.md#databases).
   */
  TEST_DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL'))),
  /** The demo logins the end-to-end tests sign in with: the services' own settings. */
  STAFF_USER: environmentSchema.entries.STAFF_USER,
  STAFF_PASSWORD: environmentSchema.entries.STAFF_PASSWORD,
  SHOPPER_EMAIL: environmentSchema.entries.SHOPPER_EMAIL,
  SHOPPER_PASSWORD: environmentSchema.entries.SHOPPER_PASSWORD,
  /** Who runs `npm run subscriber` (its audit log names them); else the login name (docs/commands.md#subscriber). */
  SUBSCRIBER_OPERATOR: v.optional(v.pipe(v.string(), v.maxLength(100))),
  /** The login name, the operator `npm run subscriber` records when neither `--by` nor `SUBSCRIBER_OPERATOR` is given. */
  USER: v.optional(v.string()),
  LOGNAME: v.optional(v.string()),
});

/** Settings of the npm-run commands. */
export type ToolConfig = v.InferOutput<typeof toolEnvironmentSchema>;

/** Reads and checks the commands' settings. */
export function readToolConfig(env: Environment = process.env): ToolConfig {
  return parseEnvironment(toolEnvironmentSchema, Object.keys(toolEnvironmentSchema.entries), env);
}

/**
 * The Chromium a run is told to use (`CHROME_PATH`), or undefined. Read alone, like {@link readTestSite}: a browser
 * check inside Vitest starts with Vite's `BASE_URL` set.
 */
export function readChromePath(env: Environment = process.env): string | undefined {
  return parseEnvironment(toolEnvironmentSchema, ['CHROME_PATH'], env).CHROME_PATH;
}

/** The operator `npm run subscriber` records by default: `SUBSCRIBER_OPERATOR`, else the login name. */
export function readOperatorName(env: Environment = process.env): string | undefined {
  const { SUBSCRIBER_OPERATOR, USER, LOGNAME } = parseEnvironment(
    toolEnvironmentSchema,
    ['SUBSCRIBER_OPERATOR', 'USER', 'LOGNAME'],
    env,
  );
  return SUBSCRIBER_OPERATOR ?? USER ?? LOGNAME;
}

/**
 * Sets a variable for the processes this one starts from now on: how Playwright's config and the test site hand their
 * throwaway folders and the site under test to the test workers they spawn.
 */
export function handOn(name: string, value: string): void {
  process.env[name] = value;
}

/**
 * Runs `work` with `overrides` in this process's environment (undefined: unset), for the processes it starts and the
 * settings it reads; restores the environment afterwards.
 */
export async function withEnvironment<T>(
  overrides: Record<string, string | undefined>,
  work: () => Promise<T>,
): Promise<T> {
  const before = Object.fromEntries(Object.keys(overrides).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(overrides);
  try {
    return await work();
  } finally {
    apply(before);
  }
}

/** The environment a child process inherits, with `overrides` on top (child processes read their own settings). */
export function childEnvironment(overrides: Environment = {}): Environment {
  return { ...process.env, ...overrides };
}

/**
 * The holder of the release lease a server took for the build it started (`RELEASE_LEASE_HOLDER`), or undefined for a
 * build or command run by hand. Read alone, like {@link readTestSite}.
 */
export function readReleaseLeaseHolder(env: Environment = process.env): string | undefined {
  return parseEnvironment(toolEnvironmentSchema, ['RELEASE_LEASE_HOLDER'], env).RELEASE_LEASE_HOLDER || undefined;
}

/**
 * The site under test and its data folder, when one was handed on (`npm test`), else undefined. Read alone, like
 * {@link readTestDatabaseUrl}.
 */
export function readTestSite(env: Environment = process.env): { origin: string; dataDir: string } | undefined {
  const { TEST_SITE_ORIGIN, DATA_DIR } = parseEnvironment(toolEnvironmentSchema, ['TEST_SITE_ORIGIN', 'DATA_DIR'], env);
  return TEST_SITE_ORIGIN && DATA_DIR ? { origin: TEST_SITE_ORIGIN, dataDir: DATA_DIR } : undefined;
}

/**
 * The folder of Node's compile cache for the processes `npm test` starts (`NODE_COMPILE_CACHE`), or `fallback` when
 * it is not set. Read alone, like {@link readTestSite}.
 */
export function readCompileCacheDir(fallback: string, env: Environment = process.env): string {
  return parseEnvironment(toolEnvironmentSchema, ['NODE_COMPILE_CACHE'], env).NODE_COMPILE_CACHE || fallback;
}

/**
 * The PostgreSQL server the stores' tests also run against (`TEST_DATABASE_URL`), or undefined. Read alone, since a
 * test runner sets other variables of its own (Vite's `BASE_URL`).
 */
export function readTestDatabaseUrl(env: Environment = process.env): string | undefined {
  return parseEnvironment(toolEnvironmentSchema, ['TEST_DATABASE_URL'], env).TEST_DATABASE_URL;
}
