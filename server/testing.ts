import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app.ts';
import { readConfig, type ServerConfig } from '../src/shared/config.ts';
import type { Publisher } from './publish/publisher.ts';
import { openDatabase, serveWithShortBusyWait, type SqliteConnection } from './database/sqliteFile.ts';
import { openPostgresDatabase, sharedDatabaseOf, type SharedDatabase } from './database/sharedDatabase.ts';
import { versionStoreOf, type VersionStore } from './promotion/versionStore.ts';
import { seedPromotions } from './promotion/seed.ts';
import { loadSecrets, serverSecret } from './secrets.ts';
import type { MailService } from './mail/mailService.ts';
import { newsletterMail } from './newsletter/newsletterMail.ts';
import { iysStandIn, type IysStandIn } from './iys/standIn.ts';
import { iysClient } from './iys/client.ts';
import { iysSyncWorker, type IysSyncWorker } from './iys/syncWorker.ts';

/** The sender's retry notices are expected in tests that refuse mail on purpose; failures still show. */
const quietLog = { log: () => {}, warn: () => {}, error: console.error };

/** What a test server's publisher is built over. */
export interface ServerParts {
  shared: SharedDatabase;
  versions: VersionStore;
}

/** A real server on a free port with a real SQLite file in a temporary folder, for endpoint tests. */
export interface TestServer {
  origin: string;
  /** The SQLite file's connection, for looking into it; a server on PostgreSQL (`DATABASE_URL`) has none. */
  db: SqliteConnection;
  /** The data layer the server works on. */
  shared: SharedDatabase;
  /** The footer versions the server serves, loaded. */
  versions: VersionStore;
  dir: string;
  /** The mail outbox; its sender runs unless `mail: false` was asked for. */
  mail: MailService;
  /** The stand-in İYS the app serves, and the worker that registers TR consents with it (runs with the sender). */
  iys: { standIn: IysStandIn; sync: IysSyncWorker };
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
    publisher?: (config: ServerConfig, parts: ServerParts) => Publisher | undefined;
    /** false: mail is queued but no sender delivers it. */
    mail?: boolean;
    /** true: the seed's footer versions are stored before the publisher starts, as `npm run serve` stores them. */
    seed?: boolean;
  } = {},
): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-server-'));
  const dbPath = path.join(dir, 'test.sqlite');
  const distDir = options.distDir ?? path.join(dir, 'dist');
  fs.mkdirSync(distDir, { recursive: true });
  const config = readConfig({
    OUTBOX_DIR: path.join(dir, 'outbox'),
    RELEASES_DIR: path.join(dir, 'releases'),
    // Retries in tenths of a second, so a test can see a refused mail arrive later.
    MAIL_RETRY_MS: '50',
    MAIL_RETRY_MAX_MS: '400',
    ...options.env,
    DB_PATH: dbPath,
    DIST_DIR: distDir,
  });
  // DATABASE_URL in `env`: the data layer on that PostgreSQL, as `npm start` would use it, and no SQLite file.
  const db = config.postgres ? undefined : openDatabase(dbPath);
  const shared = db ? sharedDatabaseOf(db) : openPostgresDatabase(config.postgres!);
  await loadSecrets(shared);
  const versions = versionStoreOf(shared);
  await versions.ready();
  if (options.seed) await seedPromotions(versions);
  if (db) serveWithShortBusyWait(db);
  const publisher = options.publisher?.(config, { shared, versions });
  const mail = newsletterMail(shared, config, serverSecret(shared, 'mailTags'), { pollMs: 100, log: quietLog });
  const standIn = iysStandIn(config.iys);
  const app = createApp({
    iysStandIn: config.iys.url === undefined ? standIn : undefined,
    config,
    publisher,
    mailJobs: mail.jobs,
    mailSender: mail.sender,
    login: { scryptCost: TEST_SCRYPT_COST, ...options.login },
    shared,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  publisher?.start(origin);
  if (options.mail !== false) mail.sender.start();
  // İYS retries in tenths of a second too (docs/newsletter.md#iys).
  const iysUrl = config.iys.url ?? `${origin}/service/iys`;
  const iysOptions = { intervalMs: 100, retryFirstMs: 50, retryMaxMs: 400, log: quietLog };
  const sync = iysSyncWorker(mail.jobs, iysClient({ ...config.iys, url: iysUrl }), iysOptions);
  if (options.mail !== false) sync.start();
  return {
    origin,
    get db(): SqliteConnection {
      if (!db)
        throw new Error('This test server is on PostgreSQL (DATABASE_URL): it has no SQLite file; use `shared`.');
      return db;
    },
    shared,
    versions,
    dir,
    mail,
    iys: { standIn, sync },
    close: async () => {
      await publisher?.stop();
      await sync.stop();
      await new Promise<void>((resolve) => {
        server.close(async () => {
          await mail.sender.stop();
          await versions.close();
          db?.close();
          if (config.postgres) await shared.close();
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        // A response the test did not read keeps its connection open until it times out (about 3 s per test).
        (server as Server).closeAllConnections();
      });
    },
  };
}
