import type { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { runAtomicAsync, runAtomicSqlite, type AtomicWork } from './atomicWork.ts';
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

function shared(
  engine: DatabaseEngine,
  kysely: Kysely<SharedTables>,
  atomically: <T>(work: AtomicWork<T>) => Promise<T>,
): SharedDatabase {
  let applied: Promise<void> | undefined;
  const migrate = (steps?: readonly SharedMigration[]) => atomically(sharedMigrationWork(engine, steps));
  return {
    engine,
    kysely,
    atomically,
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
    found = shared('sqlite', kysely, async (work) => runAtomicSqlite(db, kysely, work));
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
  return shared('postgres', kysely, (work) => runAtomicAsync(kysely, work));
}
