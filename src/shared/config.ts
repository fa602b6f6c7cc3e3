import path from 'node:path';
import * as v from 'valibot';

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
 * The environment the local services read (README: Configuration). Every variable is checked at start, so a typo
 * stops the server with a message naming the variable instead of silently turning a protection off.
 */
export const environmentSchema = v.object({
  /** TCP port; 0 picks a free one. */
  PORT: integer(4321, 0, 65535),
  /** Interface to listen on; localhost only by default. */
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'localhost'),
  /** SQLite file; created on first start. */
  DB_PATH: v.optional(v.string(), '.data/storefront.sqlite'),
  /** The built site to serve. */
  DIST_DIR: v.optional(v.string(), 'dist'),
  /** The on-demand renderer of staff preview renders (built by every full build; never inside the served site). */
  PREVIEW_RENDERER_DIR: v.optional(v.string(), '.data/preview-renderer'),
  /** Folder the confirmation e-mails are written to. */
  OUTBOX_DIR: v.optional(v.string(), '.data/outbox'),
  /** The public origin: confirmation links are built on it, never on the request's Host header. */
  SITE_URL: v.pipe(
    v.optional(v.string(), 'http://localhost:4321'),
    v.url('must be an absolute URL such as https://shop.example'),
    v.check((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http: or https: URL'),
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
});

/**
 * The settings of the local services, checked and normalised; relative paths resolve against `root`.
 * Derived from the environment schema so the two never disagree.
 */
export function configSchema(root: string) {
  return v.pipe(
    environmentSchema,
    v.transform((e) => ({
      port: e.PORT,
      host: e.HOST,
      dbPath: e.DB_PATH === ':memory:' ? e.DB_PATH : path.resolve(root, e.DB_PATH),
      distDir: path.resolve(root, e.DIST_DIR),
      outboxDir: path.resolve(root, e.OUTBOX_DIR),
      previewRendererDir: path.resolve(root, e.PREVIEW_RENDERER_DIR),
      /** Origin of the public site, e.g. `https://shop.example` (no trailing slash). */
      siteUrl: new URL(e.SITE_URL).origin,
      /** `host[:port]` names besides the site's and the server's own (lower case). */
      allowedHosts: e.ALLOWED_HOSTS,
      trustProxy: e.TRUST_PROXY,
      signUpsPerMinute: e.NEWSLETTER_SIGNUPS_PER_MINUTE,
    })),
  );
}

/** Settings of the local services. */
export type ServerConfig = v.InferOutput<ReturnType<typeof configSchema>>;

/** Bad settings: the message names every wrong variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and checks the services' settings; throws a ConfigError naming the variable when one is wrong. */
export function readConfig(env: Record<string, string | undefined> = process.env, root = process.cwd()): ServerConfig {
  const known = Object.fromEntries(Object.keys(environmentSchema.entries).map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const result = v.safeParse(configSchema(root), known);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue) ?? '?';
      return `${name} ${issue.message} (got "${env[name] ?? ''}")`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return result.output;
}
