import type { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import {
  runAtomicAsync,
  runAtomicSqlite,
  runStatementsAsync,
  runStatementsSqlite,
  type AtomicWork,
} from './atomicWork.ts';
import { checkpointAfterErasure } from './checkpoint.ts';
import { nodeSqliteDialect } from './nodeSqliteDialect.ts';
import { postgresDialect, type PostgresSettings } from './postgresDialect.ts';
import { sharedMigrationWork, type DatabaseEngine, type SharedMigration } from './sharedMigrations.ts';
import type { SharedTables } from './sharedTables.ts';

export type { DatabaseEngine };

/** The shared data layer: one Kysely instance, the engine under it, and its schema. */
export interface SharedDatabase {
  readonly engine: DatabaseEngine;
  /** For single statements; several that belong together go through `atomically`. */
  readonly kysely: Kysely<SharedTables>;
  /** Runs a body's statements in one transaction (see `AtomicWork`). */
  atomically<T>(work: AtomicWork<T>): Promise<T>;
  /**
   * Runs a body's statements without a transaction of their own: for reads, and single writes that need none (on
   * SQLite a transaction would take the write lock, even to read).
   */
  run<T>(work: AtomicWork<T>): Promise<T>;
  /**
   * After personal data was erased: on SQLite the WAL is checkpointed, so no old copy of an erased row stays on disk
   * (server/db.ts `checkpointAfterErasure`); PostgreSQL's own vacuum reclaims dead rows (docs/security.md#data-at-rest).
   */
  afterErasure(): void;
  /** Applies the shared schema steps not yet applied (see `sharedMigrationWork`) and answers their names. */
  migrate(steps?: readonly SharedMigration[]): Promise<string[]>;
  /**
   * Resolves once the shared schema steps are applied. Stores await it before their first query; an attempt that
   * failed (the database unreachable) is tried again on the next call instead of failing for ever.
   */
  ready(): Promise<void>;
  /** Closes the pool (PostgreSQL); an SQLite connection stays its opener's. */
  close(): Promise<void>;
}

/** How one engine runs bodies: in a transaction, without one, and what follows an erasure. */
interface EngineRunners {
  atomically: <T>(work: AtomicWork<T>) => Promise<T>;
  run: <T>(work: AtomicWork<T>) => Promise<T>;
  afterErasure: () => void;
}

function shared(engine: DatabaseEngine, kysely: Kysely<SharedTables>, runners: EngineRunners): SharedDatabase {
  const { atomically } = runners;
  let applied: Promise<void> | undefined;
  const migrate = (steps?: readonly SharedMigration[]) => atomically(sharedMigrationWork(engine, steps));
  return {
    engine,
    kysely,
    ...runners,
    migrate,
    ready() {
      applied ??= migrate().then(
        () => undefined,
        (error: unknown) => {
          applied = undefined;
          throw error;
        },
      );
      return applied;
    },
    close: () => kysely.destroy(),
  };
}

const overSqlite = new WeakMap<DatabaseSync, SharedDatabase>();

/** The shared data layer over an open SQLite connection: one per connection, however often it is asked for. */
export function sharedDatabaseOf(db: DatabaseSync): SharedDatabase {
  let found = overSqlite.get(db);
  if (!found) {
    const kysely = new Kysely<SharedTables>({ dialect: nodeSqliteDialect(db) });
    found = shared('sqlite', kysely, {
      atomically: async (work) => runAtomicSqlite(db, kysely, work),
      run: async (work) => runStatementsSqlite(db, kysely, work),
      afterErasure: () => checkpointAfterErasure(db),
    });
    overSqlite.set(db, found);
  }
  return found;
}

/**
 * Applies the shared schema steps on an SQLite connection now, synchronously (at start, under the start's longer
 * busy time-out), so the first request finds them.
 */
export function migrateSharedSqlite(db: DatabaseSync): string[] {
  return runAtomicSqlite(db, sharedDatabaseOf(db).kysely, sharedMigrationWork('sqlite'));
}

/** The shared data layer on PostgreSQL, through a pool of `settings.poolSize` connections. */
export function openPostgresDatabase(settings: PostgresSettings): SharedDatabase {
  const kysely = new Kysely<SharedTables>({ dialect: postgresDialect(settings) });
  return shared('postgres', kysely, {
    atomically: (work) => runAtomicAsync(kysely, work),
    run: (work) => runStatementsAsync(kysely, work),
    afterErasure: () => {},
  });
}
