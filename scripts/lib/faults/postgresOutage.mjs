// The PostgreSQL outage of `npm run faults` (docs/performance.md#faults): two instances on one PostgreSQL, each
// reaching it through a loopback proxy that the scenario cuts for 10 s under sign-up load on both, then restores.
// Counted: requests, answers by status and problem type (with Retry-After), connection errors, how long after the
// database returned the first sign-up was stored again, and for every 201 its row and its e-mail (lost, mailed twice).
import net from 'node:net';
import { createPostgresTestDatabase } from '../../../server/database/postgresTestDatabase.ts';
import { mailedTwice } from './delivered.mjs';
import { postgresServer } from './postgresThroughput.mjs';
import { startServerProcess } from './serverProcess.mjs';
import { signUpLoop } from './signUpLoop.mjs';

/** How long the database is away. */
const OUTAGE_MS = 10_000;
/** Load before the cut, and after the first sign-up stored again. */
const STEADY_MS = 3000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A loopback TCP proxy to `target` that can be cut (new connections refused, open ones broken, as a database that went
 * away) and restored on the same port.
 * @param {{ host: string, port: number }} target
 */
async function cuttableProxy(target) {
  const open = new Set();
  /** @type {net.Server | undefined} */
  let server;
  let port = 0;
  const listen = () =>
    new Promise((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          open.add(socket);
          socket.on('close', () => open.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = /** @type {net.AddressInfo} */ (next.address()).port;
        server = next;
        resolve(undefined);
      });
    });
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of open) socket.destroy();
    if (closing) await new Promise((resolve) => closing.close(() => resolve(undefined)));
  };
  await listen();
  return { port: () => port, cut, restore: listen, close: cut };
}

/** `{ "201": 248, "503 urn:service:database_unreachable": 134 }`: the answers by status and problem type. */
function answersByStatus(outcomes) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const outcome of outcomes) {
    const key =
      outcome.status === undefined
        ? `error ${outcome.error}`
        : [outcome.status, outcome.type].filter(Boolean).join(' ');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * Runs the outage: two instances (`env` plus DATABASE_URL through the proxy, no publisher, the running server's
 * folders), 4 sign-up clients on each, the proxy cut for 10 s and restored. Skipped, saying why, without PostgreSQL.
 * @param {{ env: Record<string, string>, lostOf: (created: string[], where: object) => Promise<{ rows: number, mails: number, lost: number }> }} options
 */
export async function postgresOutage({ env, lostOf }) {
  const server = await postgresServer();
  if (!server) return { skipped: 'PostgreSQL is not installed' };
  const database = await createPostgresTestDatabase(server.url);
  const target = new URL(database.url);
  const proxy = await cuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port());
  const pgEnv = { ...env, DATABASE_URL: viaProxy.toString(), PUBLISHER: 'off' };
  const instances = [];
  try {
    instances.push(await startServerProcess(pgEnv), await startServerProcess(pgEnv));
    const loops = instances.map((instance, index) =>
      signUpLoop(instance.origin, { workers: 4, maxMs: 60_000, prefix: `outage${index}` }),
    );
    await sleep(STEADY_MS);
    await proxy.cut();
    const cutAt = Date.now();
    await sleep(OUTAGE_MS / 2);
    const health = await Promise.all(
      instances.map(async (instance) => {
        const answer = await fetch(`${instance.origin}/service/health`);
        return `${answer.status} ${((await answer.json()) ?? {}).type ?? ''}`.trim();
      }),
    );
    await sleep(cutAt + OUTAGE_MS - Date.now());
    await proxy.restore();
    const restoredAt = Date.now();
    const storedAgain = () =>
      loops.flatMap((loop) => loop.outcomes).find((outcome) => outcome.status === 201 && outcome.at >= restoredAt);
    const until = restoredAt + 30_000;
    while (!storedAgain() && Date.now() < until) await sleep(10);
    const firstStored = storedAgain();
    await sleep(STEADY_MS);
    const outcomes = (await Promise.all(loops.map((loop) => loop.stop()))).flat();
    const created = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
    const during = outcomes.filter((outcome) => outcome.at >= cutAt && outcome.at < restoredAt);
    const where = { databaseUrl: database.url, outboxDir: env.OUTBOX_DIR };
    const counted = await lostOf(created, where);
    return {
      where: server.where,
      outageMs: restoredAt - cutAt,
      requests: outcomes.length,
      answers: answersByStatus(outcomes),
      answersDuringOutage: answersByStatus(during),
      withoutRetryAfter: outcomes.filter((outcome) => outcome.status === 503 && !outcome.retryAfter).length,
      answered500: outcomes.filter((outcome) => outcome.status === 500).length,
      healthDuringOutage: health,
      recoveryMs: firstStored ? (firstStored.end ?? firstStored.at) - restoredAt : undefined,
      answered201: created.length,
      ...counted,
      mailedTwice: mailedTwice(env.OUTBOX_DIR, created).length,
    };
  } finally {
    for (const instance of instances) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
    await proxy.close();
    await database.drop();
    server.stop();
  }
}
