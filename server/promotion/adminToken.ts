import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { PROMOTION_ADMIN_TOKEN_MIN_LENGTH, type ServerConfig } from '../../src/shared/config.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { requireBearerToken } from '../throttle/bearerToken.ts';

/** The admin token and where it came from: `generated` means this call created it (print it once). */
export interface AdminToken {
  token: string;
  source: 'environment' | 'file' | 'generated' | 'memory';
  file?: string;
}

let memoryToken: string | undefined;

/** Random bytes of a generated admin token (base64url, so 43 characters) (docs/constants.md#limits). */
export const ADMIN_TOKEN_BYTES = 32;

const newToken = () => randomBytes(ADMIN_TOKEN_BYTES).toString('base64url');

/**
 * The bearer token of the promotion admin calls (and the publisher's): `PROMOTION_ADMIN_TOKEN` when set, else the one
 * kept in `promotion-admin-token` next to the database (created on first start, mode 0600), else, for an in-memory
 * database, one per process. See docs/operations.md#publishing-content-versions.
 */
export function promotionAdminToken(config: ServerConfig): AdminToken {
  if (config.promotionAdminToken) return { token: config.promotionAdminToken, source: 'environment' };
  const file = config.promotionAdminTokenFile;
  if (!file) return { token: (memoryToken ??= newToken()), source: 'memory' };
  const token = newToken();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a name of this process's own, then linked into place: a link never overwrites a token
  // operators already use, and another process starting at the same moment reads either no file or the whole token,
  // never one still being written.
  const draft = `${file}.${process.pid}.${token.slice(0, 8)}`;
  fs.writeFileSync(draft, `${token}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
    return { token, source: 'generated', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  const kept = fs.readFileSync(file, 'utf8').trim();
  if (kept.length < PROMOTION_ADMIN_TOKEN_MIN_LENGTH)
    throw new Error(`${file} does not hold a promotion admin token; delete it to have a new one generated`);
  return { token: kept, source: 'file', file };
}

/** Wrong admin tokens a client may send before it has to wait: 1 s, then twice as long after each further one. */
export const adminTokenBackoff = {
  freeAttempts: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
} as const;

/**
 * Refuses a request without the admin token (`Authorization: Bearer <token>`) with 401; wrong tokens are throttled per
 * client with `backoff` (server/throttle/bearerToken.ts). Create it once per server: every admin call shares the count.
 */
export function requireAdminToken(
  shared: SharedDatabase,
  token: string,
  backoff = adminTokenBackoff,
): MiddlewareHandler {
  return requireBearerToken(shared, token, {
    name: 'admin',
    realm: 'promotion admin',
    throttledType: 'urn:promotion:throttled',
    unauthorized: 'A valid admin bearer token is required',
    throttled: 'Too many wrong admin tokens; please wait and try again',
    backoff,
  });
}
