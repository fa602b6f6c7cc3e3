// The PostgreSQL half of `npm run faults` (docs/performance.md#faults): the same sign-up load with DATABASE_URL set
// (subscribers, consent log, mail queue, throttles and secrets in PostgreSQL), on one instance and then on two, beside
// the running SQLite-only server's folders (footer versions stay in its DB_PATH).
import { findPostgresBin, startThrowawayCluster } from '../postgres.mjs';
import { createPostgresTestDatabase } from '../../../server/database/postgresTestDatabase.ts';
import { readToolConfig } from '../../../src/shared/config.ts';
import { startServerProcess } from './serverProcess.mjs';
import { signUpLoad, signUpLoadOver } from './autocannonLoad.mjs';

/** `TEST_DATABASE_URL`'s server, else a throwaway cluster; undefined when PostgreSQL is not installed. */
export async function postgresServer() {
  const given = readToolConfig().TEST_DATABASE_URL;
  if (given) return { url: given, where: 'the TEST_DATABASE_URL server', stop() {} };
  const bin = findPostgresBin();
  if (!bin) return undefined;
  const cluster = await startThrowawayCluster(bin);
  return { url: cluster.url, where: 'a throwaway cluster (fsync off)', stop: cluster.stop };
}

/**
 * Sign-ups for `seconds` on one instance with DATABASE_URL (10 connections), then over two (5 each): figures, 201s
 * and what of them was lost (`lostOf`, looking in PostgreSQL). Skipped, saying why, without PostgreSQL.
 * @param {{ env: Record<string, string>, seconds: number, lostOf: (created: string[], where: object) => Promise<object> }} options
 */
export async function postgresThroughput({ env, seconds, lostOf }) {
  const server = await postgresServer();
  if (!server) return { skipped: 'PostgreSQL is not installed' };
  const database = await createPostgresTestDatabase(server.url);
  try {
    const pgEnv = { ...env, DATABASE_URL: database.url, PUBLISHER: 'off' };
    const inPostgres = { databaseUrl: database.url, outboxDir: env.OUTBOX_DIR };
    const first = await startServerProcess(pgEnv);
    try {
      const single = await signUpLoad({ origin: first.origin, seconds, prefix: 'pg-one' });
      const one = { ...single.figures, ...(await lostOf(single.created, inPostgres)) };
      const second = await startServerProcess(pgEnv);
      try {
        const pair = await signUpLoadOver({ origins: [first.origin, second.origin], seconds, prefix: 'pg-pair' });
        return { where: server.where, one, two: { ...pair.figures, ...(await lostOf(pair.created, inPostgres)) } };
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  } finally {
    await database.drop();
    server.stop();
  }
}
