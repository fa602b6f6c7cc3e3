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
import { isDatabaseTimingOut } from './databaseTimeout.ts';
import { databaseErrorReason } from './databaseUnreachable.ts';

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
   * (server/database/checkpoint.ts). On PostgreSQL the dead row versions stay in the table files until
   * `npm run db:compact` rewrites them (docs/operations.md#erasure-on-postgresql).
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
  /**
   * Undefined while writes go through; on PostgreSQL, while they keep timing out (the last write of the last
   * {@link DEGRADED_REPORT_MS} timed out: no connection free in time, a statement or lock wait past its time-out),
   * since when and why (docs/calls.md#health). SQLite's busy writes answer at once and are not reported here.
   */
  degraded(now?: Date): { since: Date; reason: string } | undefined;
}

/** How long after the last timed-out write `/service/health` still reports the database degraded (docs/constants.md). */
export const DEGRADED_REPORT_MS = 10_000;

/**
 * Wraps an engine's runners to remember how writes end: a transaction that commits clears the record, a statement that
 * times out (`isDatabaseTimingOut`) starts or extends it (see `SharedDatabase.degraded`).
 */
function writeOutcomes(runners: EngineRunners): EngineRunners & Pick<SharedDatabase, 'degraded'> {
  let timingOut: { since: Date; last: number; reason: string } | undefined;
  const noted = async <T>(running: Promise<T>, write: boolean): Promise<T> => {
    try {
      const result = await running;
      if (write) timingOut = undefined;
      return result;
    } catch (error) {
      if (isDatabaseTimingOut(error)) {
        const reason = `writes are timing out: ${databaseErrorReason(error)}`;
        timingOut = { since: timingOut?.since ?? new Date(), last: Date.now(), reason };
      }
      throw error;
    }
  };
  return {
    ...runners,
    atomically: (work) => noted(runners.atomically(work), true),
    run: (work) => noted(runners.run(work), false),
    degraded(now = new Date()) {
      if (!timingOut || now.getTime() - timingOut.last > DEGRADED_REPORT_MS) return undefined;
      return { since: timingOut.since, reason: timingOut.reason };
    },
  };
}

/** How one engine runs bodies: in a transaction, without one, and what follows an erasure. */
interface EngineRunners {
  atomically: <T>(work: AtomicWork<T>) => Promise<T>;
  run: <T>(work: AtomicWork<T>) => Promise<T>;
  afterErasure: () => void;
}

function shared(
  engine: DatabaseEngine,
  kysely: Kysely<SharedTables>,
  runners: EngineRunners & Pick<SharedDatabase, 'degraded'>,
): SharedDatabase {
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
      degraded: () => undefined,
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
  return shared(
    'postgres',
    kysely,
    writeOutcomes({
      atomically: (work) => runAtomicAsync(kysely, work),
      run: (work) => runStatementsAsync(kysely, work),
      afterErasure: () => {},
    }),
  );
}
