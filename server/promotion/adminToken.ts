import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../../src/shared/config.ts';
import { problem } from '../problem.ts';

/** The admin token and where it came from: `generated` means this call created it (print it once). */
export interface AdminToken {
  token: string;
  source: 'environment' | 'file' | 'generated' | 'memory';
  file?: string;
}

let memoryToken: string | undefined;

const newToken = () => randomBytes(32).toString('base64url');

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
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // `wx`: never overwrite a token operators already use, even if two processes start at once.
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return { token, source: 'generated', file };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = fs.readFileSync(file, 'utf8').trim();
  if (kept.length < 24) throw new Error(`${file} does not hold a promotion admin token; delete it to have a new one generated`);
  return { token: kept, source: 'file', file };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Refuses a request without `Authorization: Bearer <token>` with 401 and `WWW-Authenticate: Bearer`. Both sides are
 * hashed first, so the comparison takes the same time whatever the length or the first wrong character.
 */
export function requireAdminToken(token: string): MiddlewareHandler {
  const expected = digest(token);
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      c.header('www-authenticate', 'Bearer realm="promotion admin"');
      return problem(c, 401, 'urn:service:unauthorized', 'A valid admin bearer token is required');
    }
    await next();
  };
}
