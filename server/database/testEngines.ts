import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createPostgresTestDatabase, postgresTestUrl } from './postgresTestDatabase.ts';
import { openPostgresDatabase, sharedDatabaseOf, type DatabaseEngine, type SharedDatabase } from './sharedDatabase.ts';

/** Two instances' views of one fresh database, as two processes behind a load balancer would have them. */
export interface TwoInstances {
  first: SharedDatabase;
  second: SharedDatabase;
  /** Closes both and deletes the database. */
  close(): Promise<void>;
}

/** Settings for test pools: small, with a short statement time-out. */
const testPool = { poolSize: 4, statementTimeoutMs: 5000 };

/**
 * SQLite: two connections to one fresh file, as two processes would have. In one process they cannot block each
 * other, since every statement and every atomic body runs synchronously.
 */
async function sqliteInstances(): Promise<TwoInstances> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-db-'));
  const connections = [0, 1].map(() => {
    const db = new DatabaseSync(path.join(dir, 'test.sqlite'));
    db.exec('PRAGMA busy_timeout = 1000; PRAGMA journal_mode = WAL;');
    return db;
  });
  return {
    first: sharedDatabaseOf(connections[0]!),
    second: sharedDatabaseOf(connections[1]!),
    async close() {
      for (const db of connections) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresInstances(): Promise<TwoInstances> {
  const database = await createPostgresTestDatabase();
  const first = openPostgresDatabase({ url: database.url, ...testPool });
  const second = openPostgresDatabase({ url: database.url, ...testPool });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}

/**
 * The engines a store's tests run on: SQLite always, PostgreSQL when `npm test` started its throwaway cluster
 * (`TEST_DATABASE_URL`, docs/commands.md). Each gives two instances on one fresh database.
 */
export const testEngines: readonly { engine: DatabaseEngine; open: () => Promise<TwoInstances> }[] = [
  { engine: 'sqlite', open: sqliteInstances },
  ...(postgresTestUrl() ? [{ engine: 'postgres' as const, open: postgresInstances }] : []),
];
