import pg from 'pg';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { DatabaseWaitError } from './databaseTimeout.ts';
import { remainingMs } from './requestDeadline.ts';
import { DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS } from '../../src/shared/config.ts';

/** node-postgres's words when its own wait for a connection runs out (its errors carry no code). */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

/** Below this many ms left of a request's deadline, its next statement is not begun: 503 at once (docs/constants.md). */
const DEADLINE_MARGIN_MS = 20;

/** How an instance talks to PostgreSQL (docs/configuration.md). */
export interface PostgresSettings {
  /** `postgres://user:password@host:port/database`. */
  url: string;
  /** Most connections this instance keeps open. */
  poolSize: number;
  /** Longest a statement (or a lock wait) may run before PostgreSQL cancels it. */
  statementTimeoutMs: number;
  /**
   * Longest a statement waits for a pooled connection, or for a new one to connect, before the call answers 503;
   * by default {@link DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS}. A request's database work is bounded by the sum of the two.
   */
  acquireTimeoutMs?: number;
}

/** The bound on one request's database work: the acquire time-out plus the statement time-out (docs/operations.md). */
export function requestBoundMs(settings: PostgresSettings): number {
  return (settings.acquireTimeoutMs ?? DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS) + settings.statementTimeoutMs;
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
export function postgresPool(settings: PostgresSettings): pg.Pool {
  const { url, poolSize, statementTimeoutMs } = settings;
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    statement_timeout: statementTimeoutMs,
    // A lock wait counts too: a statement never waits longer for a row than it may run.
    lock_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs * 4,
    // Both the wait for a free connection and the connecting of a new one.
    connectionTimeoutMillis: settings.acquireTimeoutMs ?? DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS,
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

/**
 * The pool as Kysely uses it, with every wait bounded (docs/operations.md#when-postgresql-is-down):
 *
 * - a statement waits for a connection at most the acquire time-out, and never past its request's deadline
 *   (server/database/requestDeadline.ts). When every connection is taken by statements of ours the wait running out is
 *   a busy database ({@link DatabaseWaitError}); when a new connection could not be made in time, an unreachable one;
 * - a connection handed to a request whose deadline is nearer than the statement time-out gets that nearer bound as
 *   its statement and lock time-out, and the usual one back for the next statement that needs it.
 */
export function boundedPool(pool: pg.Pool, settings: PostgresSettings): PostgresPool {
  const acquireTimeoutMs = settings.acquireTimeoutMs ?? DEFAULT_DATABASE_ACQUIRE_TIMEOUT_MS;
  /** The statement time-out each connection runs with, where it is not the pool's. */
  const lowered = new WeakMap<pg.PoolClient, number>();
  let checkedOut = 0;

  /** Sets (or restores) a connection's statement and lock time-out to `ms`. */
  async function timeoutOf(client: pg.PoolClient, ms: number) {
    const current = lowered.get(client) ?? settings.statementTimeoutMs;
    if (current === ms) return;
    await client.query(`SELECT set_config('statement_timeout', $1, false), set_config('lock_timeout', $1, false)`, [
      String(ms),
    ]);
    if (ms === settings.statementTimeoutMs) lowered.delete(client);
    else lowered.set(client, ms);
  }

  async function connect(): Promise<PostgresPoolClient> {
    const left = remainingMs();
    if (left < DEADLINE_MARGIN_MS)
      throw new DatabaseWaitError("the request's database work ran past its bound; not starting another statement");
    const waitMs = Math.min(acquireTimeoutMs, left - DEADLINE_MARGIN_MS);
    const connecting = pool.connect();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new DatabaseWaitError(`no database connection free within ${waitMs} ms`)),
        waitMs,
      );
    });
    let client: pg.PoolClient;
    try {
      client = await Promise.race([connecting, late]);
    } catch (error) {
      // A connection that comes after all goes back to the pool.
      connecting.then(
        (arrived) => arrived.release(),
        () => {},
      );
      const waitRanOut = error instanceof DatabaseWaitError || String((error as Error).message).includes(POOL_TIMEOUT);
      if (!waitRanOut) throw error;
      // Busy while every connection serves a statement of ours, or when the request's deadline cut the wait short;
      // otherwise a new connection could not be made in time: PostgreSQL is out of reach.
      if (checkedOut >= settings.poolSize || waitMs < acquireTimeoutMs)
        throw new DatabaseWaitError(
          `no database connection free within ${waitMs} ms (${checkedOut} of ${settings.poolSize} busy)`,
        );
      throw new Error(`${POOL_TIMEOUT}: no connection to PostgreSQL within ${waitMs} ms`);
    } finally {
      clearTimeout(timer);
    }
    checkedOut += 1;
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      checkedOut -= 1;
      release(error);
    };
    try {
      await timeoutOf(client, Math.max(1, Math.min(settings.statementTimeoutMs, Math.floor(remainingMs()))));
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    return client;
  }

  return {
    Client: (pool as unknown as { Client: PostgresPool['Client'] }).Client,
    options: pool.options,
    connect,
    end: () => pool.end(),
  };
}

/** Kysely's PostgreSQL dialect over `postgresPool`, every wait bounded (see {@link boundedPool}). */
export function postgresDialect(settings: PostgresSettings): PostgresDialect {
  return new PostgresDialect({ pool: boundedPool(postgresPool(settings), settings) });
}
