import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { inTransaction } from '../transaction.ts';
import type { SharedTables } from './sharedTables.ts';

/**
 * A transaction's body, written once for both engines as a generator: it yields each statement (built with Kysely)
 * and receives its rows. On SQLite the statements run synchronously inside one `BEGIN IMMEDIATE` … `COMMIT`, so
 * nothing else on the shared connection can run in between (an async Kysely transaction would let other requests'
 * statements slip into it between its awaits); on PostgreSQL they run in one Kysely transaction.
 */
export type AtomicWork<T> = (db: Kysely<SharedTables>) => Generator<CompiledQuery, T, readonly unknown[]>;

/** Yields one statement from an atomic body and answers its rows: `const rows = yield* rowsOf(query)`. */
export function* rowsOf<Row>(query: Compilable<Row>): Generator<CompiledQuery, Row[], readonly unknown[]> {
  return (yield query.compile()) as Row[];
}

/** Runs an atomic body on an SQLite connection, synchronously, in one write transaction (busy → 503). */
export function runAtomicSqlite<T>(db: DatabaseSync, kysely: Kysely<SharedTables>, work: AtomicWork<T>): T {
  return inTransaction(db, () => {
    const steps = work(kysely);
    let step = steps.next([]);
    while (!step.done) {
      const statement = db.prepare(step.value.sql);
      const parameters = step.value.parameters as SQLInputValue[];
      const rows = statement.columns().length > 0 ? statement.all(...parameters) : (statement.run(...parameters), []);
      step = steps.next(rows);
    }
    return step.value;
  });
}

/** Runs an atomic body in one Kysely transaction (PostgreSQL). */
export async function runAtomicAsync<T>(kysely: Kysely<SharedTables>, work: AtomicWork<T>): Promise<T> {
  return kysely.transaction().execute(async (trx) => {
    const steps = work(trx);
    let step = steps.next([]);
    while (!step.done) {
      const result = await trx.executeQuery(step.value);
      step = steps.next(result.rows);
    }
    return step.value;
  });
}
