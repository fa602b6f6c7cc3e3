import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { PostgresAdapter, type Compilable, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import { inTransaction } from './sqliteTransaction.ts';
import type { SharedTables } from './sharedTables.ts';

/**
 * A transaction's body, written once for both engines as a generator: it yields each statement (built with Kysely)
 * and receives its rows. On SQLite the statements run synchronously inside one `BEGIN IMMEDIATE` … `COMMIT`, so
 * nothing else on the shared connection can run in between (an async Kysely transaction would let other requests'
 * statements slip into it between its awaits); on PostgreSQL they run in one Kysely transaction.
 */
export type AtomicWork<T> = (db: Kysely<SharedTables>) => Generator<CompiledQuery, T, readonly unknown[]>;

/** The statements of a body, answering `T`: what each store's statement functions return. */
export type StatementSteps<T> = Generator<CompiledQuery, T, readonly unknown[]>;

/**
 * Whether a body runs on PostgreSQL: for the few statements Kysely cannot write once for both engines (a claim's
 * `FOR UPDATE SKIP LOCKED`, which SQLite does not need, since its writers take turns).
 */
export function onPostgres(db: Kysely<SharedTables>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Yields one statement from an atomic body and answers its rows: `const rows = yield* rowsOf(query)`. */
export function* rowsOf<Row>(query: Compilable<Row>): Generator<CompiledQuery, Row[], readonly unknown[]> {
  return (yield query.compile()) as Row[];
}

/** The most statements kept prepared per connection; past it the cache starts again (their SQL is never built from values). */
const PREPARED_STATEMENTS_KEPT = 500;

const preparedOf = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

/** A statement prepared once per connection and SQL text. */
function prepared(db: DatabaseSync, sql: string): StatementSync {
  let cache = preparedOf.get(db);
  if (!cache) preparedOf.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= PREPARED_STATEMENTS_KEPT) cache.clear();
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/**
 * Runs a body's statements on an SQLite connection, synchronously, inside whatever transaction the caller holds (none:
 * each statement on its own). For the synchronous stores while they move to the shared layer: the same body runs on
 * PostgreSQL through {@link runAtomicAsync}.
 */
export function runStatementsSqlite<T>(db: DatabaseSync, kysely: Kysely<SharedTables>, work: AtomicWork<T>): T {
  const steps = work(kysely);
  let step = steps.next([]);
  while (!step.done) {
    const statement = prepared(db, step.value.sql);
    const parameters = step.value.parameters as SQLInputValue[];
    const rows = statement.columns().length > 0 ? statement.all(...parameters) : (statement.run(...parameters), []);
    step = steps.next(rows);
  }
  return step.value;
}

/** Yields one raw statement (Kysely's `sql` template, compiled for the body's engine) and answers its rows. */
export function* rowsOfSql<Row>(
  db: Kysely<SharedTables>,
  query: RawBuilder<Row>,
): Generator<CompiledQuery, Row[], readonly unknown[]> {
  return (yield query.compile(db)) as Row[];
}

/** Runs an atomic body on an SQLite connection, synchronously, in one write transaction (busy → 503). */
export function runAtomicSqlite<T>(db: DatabaseSync, kysely: Kysely<SharedTables>, work: AtomicWork<T>): T {
  return inTransaction(db, () => runStatementsSqlite(db, kysely, work));
}

/** Runs a body's statements one after the other through `kysely` (a pool: each on its own; a transaction: in it). */
export async function runStatementsAsync<T>(kysely: Kysely<SharedTables>, work: AtomicWork<T>): Promise<T> {
  const steps = work(kysely);
  let step = steps.next([]);
  while (!step.done) {
    const result = await kysely.executeQuery(step.value);
    step = steps.next(result.rows);
  }
  return step.value;
}

/** Runs an atomic body in one Kysely transaction (PostgreSQL). */
export async function runAtomicAsync<T>(kysely: Kysely<SharedTables>, work: AtomicWork<T>): Promise<T> {
  return kysely.transaction().execute((trx) => runStatementsAsync(trx, work));
}
