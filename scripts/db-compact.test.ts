import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../server/database/postgresTestDatabase.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../server/newsletter/testClient.ts';
import { startTestServer, type TestServer } from '../server/testing.ts';
import { childEnvironment } from '../src/shared/config.ts';
import { findPostgresBin, startThrowawayCluster } from './lib/postgres.mjs';

// Erasure on PostgreSQL's disk (docs/operations.md#erasure-on-postgresql): after an unsubscribe the erased first name
// is a dead tuple in the table's file, and plain VACUUM leaves its bytes there; `npm run db:compact` rewrites the
// tables with personal data, beside a running instance, and then the name is in no file under the cluster's `base/`.
// The test needs a cluster whose data folder it can read: its own throwaway one (Debian's postgresql binaries).
const bin = findPostgresBin();
const script = path.resolve(import.meta.dirname, 'db-compact.mjs');

/** Runs `npm run db:compact` as an operator would. */
function dbCompact(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: path.resolve(import.meta.dirname, '..'), env: childEnvironment(env) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The files under `dir` whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.readFileSync(file).includes(needle));
}

describe.skipIf(!bin)(
  'npm run db:compact (needs Debian postgresql: a throwaway cluster whose files the test reads)',
  () => {
    let cluster: Awaited<ReturnType<typeof startThrowawayCluster>>;
    let database: PostgresTestDatabase;
    let server: TestServer;
    beforeAll(async () => {
      cluster = await startThrowawayCluster(bin!);
      database = await createPostgresTestDatabase(cluster.url);
      server = await startTestServer({ env: { DATABASE_URL: database.url } });
    }, 60_000);
    afterAll(async () => {
      await server?.close();
      await database?.drop();
      cluster?.stop();
    });

    /** Runs statements on the test database as the operator would in psql. */
    async function psql(...statements: string[]) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.end();
      }
    }

    test('an erased name stays in base/ as a dead tuple; after db:compact it is in no file there, and the instance works on', async () => {
      const client = newsletterTestClient(server, `${server.dir}/outbox`);
      const name = `Zephyrina${randomBytes(4).toString('hex')}`;
      // AT shows the name fields: the name is stored, then erased by the unsubscribe.
      const token = await client.subscribed(
        { email: 'erased@example.com', firstName: name, lastName: 'Kowalska' },
        'AT',
      );
      for (const [index, firstName] of ['Anna', 'Berta', 'Clara'].entries())
        await client.subscribed({ email: `other${index}@example.com`, firstName, lastName: 'Nowak' }, 'AT');
      // ANALYZE (autovacuum runs it by itself) samples the columns into the planner's statistics: never personal ones.
      await psql('ANALYZE subscribers');
      expect((await client.json('DELETE', `${SUBSCRIBERS}/${token}`)).status).toBe(204);
      const base = path.join(cluster.dataDir, 'base');

      // The erased name's old row version is still in the table's file: a dead tuple, until its page is rewritten.
      // (Plain VACUUM marks its space reusable and may or may not write over it: the probe found two copies left.)
      await psql('CHECKPOINT');
      expect(filesContaining(base, name).length).toBeGreaterThan(0);

      const compacted = await dbCompact({ DATABASE_URL: database.url });
      expect([compacted.code, compacted.stderr]).toEqual([0, '']);
      expect(compacted.stdout).toMatch(/subscribers: rewritten in \d+ ms/);
      expect(compacted.stdout).toMatch(/checkpoint: done/);
      expect(filesContaining(base, name)).toEqual([]);

      // The instance beside it was never stopped: it signs up, and reads the subscription, as before.
      expect((await client.subscribe({ email: 'after@example.com', consents: [] }, { site: 'DE' })).status).toBe(201);
    }, 60_000);

    test('a table whose lock a long transaction holds is left, said so, with exit 1; the others are rewritten', async () => {
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE soft_bounces IN ACCESS SHARE MODE');
        const compacted = await dbCompact({ DATABASE_URL: database.url }, ['--lock-wait=200', '--attempts=2']);
        expect(compacted.code).toBe(1);
        expect(compacted.stdout).toMatch(
          /soft_bounces: left as it was \(its lock was not free within 200 ms, 2 times\)/,
        );
        expect(compacted.stdout).toMatch(/subscribers: rewritten/);
        expect(compacted.stderr).toMatch(
          /1 table\(s\) left as they were.*soft_bounces\. Run npm run db:compact again\./,
        );
      } finally {
        await holder.query('ROLLBACK');
        await holder.end();
      }
    }, 60_000);
  },
);

test('without DATABASE_URL it says that SQLite has nothing to compact', async () => {
  const result = await dbCompact({ DB_PATH: ':memory:' });
  expect([result.code, result.stdout]).toEqual([0, expect.stringMatching(/^SQLite at :memory:: nothing to compact/)]);
});
