// The release lease for a command (docs/architecture.md#locks): `npm run build` and `npm run rollback` take the same
// lease in the shared database as the servers' publishers, so one build or switch of a release folder runs at a time,
// across processes, instances and hosts.
import { openDatabase } from '../../server/database/sqliteFile.ts';
import { openPostgresDatabase, sharedDatabaseOf } from '../../server/database/sharedDatabase.ts';
import { releaseLease } from '../../server/publish/releaseLease.ts';
import { readReleaseLeaseHolder } from '../../src/shared/config.ts';
import { underBuildLease } from '../../server/publish/underBuildLease.ts';

/**
 * The shared database the instances keep their leases in: PostgreSQL at DATABASE_URL, else the SQLite file at DB_PATH
 * (made when missing, as the first instance would). None for `:memory:`: an instance there shares nothing.
 * @param {import('../../src/shared/config.ts').ServerConfig} config
 */
export function openSharedDatabase(config) {
  if (config.postgres) {
    const shared = openPostgresDatabase({ ...config.postgres, poolSize: 1 });
    return { shared, close: () => shared.close() };
  }
  if (config.dbPath === ':memory:') return undefined;
  const db = openDatabase(config.dbPath);
  return { shared: sharedDatabaseOf(db), close: async () => db.close() };
}

/**
 * Runs `task` holding the release lease of `releasesDir`. A build started by a server runs under that server's lease
 * (it names its holder in RELEASE_LEASE_HOLDER) and does not take it again.
 * @template T
 * @param {import('../../src/shared/config.ts').ServerConfig} config
 * @param {string} releasesDir
 * @param {() => Promise<T> | T} task
 * @returns {Promise<T>}
 */
export async function underReleaseLease(config, releasesDir, task) {
  if (readReleaseLeaseHolder()) return task();
  const opened = openSharedDatabase(config);
  if (!opened) return task();
  try {
    return await underBuildLease(releaseLease(opened.shared, releasesDir), task);
  } finally {
    await opened.close();
  }
}
