import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { readConfig, type ServerConfig } from '../src/shared/config.ts';
import type { Publisher } from './publish/publisher.ts';
import { openDatabase } from './db.ts';

/** A real server on a free port with a real SQLite file in a temporary folder, for endpoint tests. */
export interface TestServer {
  origin: string;
  db: DatabaseSync;
  dir: string;
  close: () => Promise<void>;
}

/** scrypt cost for tests: OWASP's 2^17 takes about 0.3 s and 128 MB per hash, too slow for dozens of logins. */
const TEST_SCRYPT_COST = 2 ** 10;

/**
 * `env` is read like the environment of `npm run serve` (see src/shared/config.ts); paths default to the temporary folder.
 */
export async function startTestServer(
  options: {
    distDir?: string;
    env?: Record<string, string>;
    login?: AppOptions['login'];
    /** Builds the publisher from the checked settings; it is started once the server listens, stopped on close. */
    publisher?: (config: ServerConfig, db: DatabaseSync) => Publisher | undefined;
  } = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-server-'));
  const dbPath = path.join(dir, 'test.sqlite');
  const db = openDatabase(dbPath);
  const distDir = options.distDir ?? path.join(dir, 'dist');
  fs.mkdirSync(distDir, { recursive: true });
  const config = readConfig({ OUTBOX_DIR: path.join(dir, 'outbox'), RELEASES_DIR: path.join(dir, 'releases'), ...options.env, DB_PATH: dbPath, DIST_DIR: distDir });
  const publisher = options.publisher?.(config, db);
  const app = createApp({ db, config, publisher, login: { scryptCost: TEST_SCRYPT_COST, ...options.login } });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  publisher?.start(origin);
  return {
    origin,
    db,
    dir,
    close: async () => {
      await publisher?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      });
    },
  };
}
