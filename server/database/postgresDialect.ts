import pg from 'pg';
import { PostgresDialect } from 'kysely';

/** How an instance talks to PostgreSQL (docs/configuration.md). */
export interface PostgresSettings {
  /** `postgres://user:password@host:port/database`. */
  url: string;
  /** Most connections this instance keeps open. */
  poolSize: number;
  /** Longest a statement may run before PostgreSQL cancels it, and longest a connection attempt may take. */
  statementTimeoutMs: number;
}

/** PostgreSQL's type id of `bigint` (`int8`). */
const INT8_TYPE_ID = 20;

/**
 * Values of our `bigint` columns (milliseconds since 1970, counters) come back as numbers, as SQLite gives them; they
 * stay far below 2^53. node-postgres returns strings for `int8` by default.
 */
const types = {
  getTypeParser(id: number, format?: string) {
    if (id === INT8_TYPE_ID) return (value: string) => Number(value);
    return pg.types.getTypeParser(id, format as 'text');
  },
} as pg.CustomTypesConfig;

/** The node-postgres pool an instance uses, with its size and time-outs. */
export function postgresPool({ url, poolSize, statementTimeoutMs }: PostgresSettings): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    statement_timeout: statementTimeoutMs,
    // A lock wait counts too: a statement never waits longer for a row than it may run.
    lock_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs * 4,
    connectionTimeoutMillis: statementTimeoutMs,
    application_name: 'storefront-services',
  });
  // A connection that breaks (a restart, the network) must not crash the process: the error is reported here, the
  // statement running on it fails with it (the call answers 503), and the pool connects anew for the next one. A
  // client checked out between two statements has no listener of the pool's, so each client gets its own.
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  });
  // The same error, for a client lying idle in the pool: said above already.
  pool.on('error', () => {});
  return pool;
}

/** Kysely's PostgreSQL dialect over `postgresPool`. */
export function postgresDialect(settings: PostgresSettings): PostgresDialect {
  return new PostgresDialect({ pool: postgresPool(settings) });
}
