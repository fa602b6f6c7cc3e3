import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

/**
 * Kysely's SQLite driver with one change: a transaction starts with `BEGIN IMMEDIATE`, which takes the write lock at
 * once, as `inTransaction` does (server/database/sqliteTransaction.ts). Two processes on one database file then cannot both read a
 * state and act on it, and a migration runs in one process at a time.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
}

/** Kysely's SQLite dialect over Node's built-in `node:sqlite`, starting transactions with `BEGIN IMMEDIATE`. */
class NodeSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * The dialect for an open `node:sqlite` connection, shared with the synchronous stores. Sharing one connection is
 * safe because a Kysely transaction on SQLite only ever awaits its own statements, which `node:sqlite` runs
 * synchronously: its body completes within one turn of the event loop, so no synchronous `inTransaction` can start
 * in between. Closing the Kysely instance leaves the connection open (its owner closes it).
 */
export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  return new NodeSqliteDialect({
    database: {
      close() {
        // The connection belongs to whoever opened it (server/database/sqliteFile.ts).
      },
      prepare(sql: string) {
        const statement = db.prepare(sql);
        const parameters = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
        return {
          reader: statement.columns().length > 0,
          all: (values) => statement.all(...parameters(values)),
          run: (values) => statement.run(...parameters(values)),
          iterate: (values) => statement.iterate(...parameters(values)),
        };
      },
    },
  });
}
