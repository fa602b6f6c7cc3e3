import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readTestDatabaseUrl } from '../../src/shared/config.ts';

/** The PostgreSQL server the tests may also use (`TEST_DATABASE_URL`), or undefined: then they run on SQLite only. */
export function postgresTestUrl(): string | undefined {
  return readTestDatabaseUrl();
}

/** A fresh database on the test server, for one test: its URL, and `drop()` to remove it with its connections. */
export interface PostgresTestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function onServer(base: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database with a random name on the `TEST_DATABASE_URL` server, or on the server at `base`. */
export async function createPostgresTestDatabase(base = postgresTestUrl()): Promise<PostgresTestDatabase> {
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
