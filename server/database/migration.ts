import type { CompiledQuery, Kysely } from 'kysely';
import type { SharedTables } from './sharedTables.ts';

/** The two engines the services run on (docs/operations.md#databases). */
export type DatabaseEngine = 'sqlite' | 'postgres';

/** One schema step, written once with Kysely's schema builder for both engines: it yields its statements. */
export interface SharedMigration {
  /** Unique, sortable, never renamed: `0001_throttles`. */
  name: string;
  /** Yields the step's statements; `engine` only where the two differ in a way Kysely does not hide (identity columns). */
  up(db: Kysely<SharedTables>, engine: DatabaseEngine): Generator<CompiledQuery, void, readonly unknown[]>;
}
