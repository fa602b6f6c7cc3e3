import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/faults/serverProcess.mjs';
import { signUpLoop } from '../../scripts/lib/faults/signUpLoop.mjs';
import { databaseReader, deliveredTo } from '../../scripts/lib/faults/delivered.mjs';
import { createPostgresTestDatabase, postgresTestUrl } from '../../server/database/postgresTestDatabase.ts';
import { tcpProxy } from '../support/tcpProxy.ts';
import { waitUntil } from '../support/waitUntil.ts';
import { waitUntil as waitFor } from '../../scripts/lib/publishProbe.mjs';
import { linkIn, readOutbox } from '../../server/mail/outboxReader.ts';
import { DEMO_STAFF } from '../../server/preview/staffAccounts.ts';
import { SUBSCRIBERS } from '../../server/newsletter/testClient.ts';

// Two service instances, sharing one database and one outbox, as two `npm start`s behind a load balancer
// (docs/operations.md#several-instances): every call may land on either, and together they behave as one. Once on one
// SQLite file (DB_PATH), once on one PostgreSQL (DATABASE_URL, when `npm test` started its throwaway cluster), each
// with its own SQLite file beside it. Real processes, loopback only, bounded.
let dir: string;
const instances: ServerProcess[] = [];
const dropped: (() => Promise<void>)[] = [];

/** Where a pair keeps its data: the environment of its instances, and how to read its database. */
interface PairData {
  env: Record<string, string>;
  /** Each instance's own environment on top of `env` (its own SQLite file beside PostgreSQL). */
  own: (index: number) => Record<string, string>;
  where: { dbPath?: string; databaseUrl?: string; outboxDir: string };
}

/** One engine's data folders and database for a pair named `name`. */
type Engine = { engine: 'sqlite' | 'postgres'; data: (name: string) => Promise<PairData> };

const folders = (name: string) => {
  const folder = path.join(dir, name);
  return {
    OUTBOX_DIR: path.join(folder, 'outbox'),
    DIST_DIR: path.join(folder, 'dist'),
    RELEASES_DIR: path.join(folder, 'releases'),
    PUBLISHER: 'off',
  };
};

const engines: Engine[] = [
  {
    engine: 'sqlite',
    data: async (name) => {
      const env = { ...folders(name), DB_PATH: path.join(dir, name, 'db.sqlite') };
      return { env, own: () => ({}), where: { dbPath: env.DB_PATH, outboxDir: env.OUTBOX_DIR } };
    },
  },
  ...(postgresTestUrl()
    ? [
        {
          engine: 'postgres' as const,
          data: async (name: string) => {
            const database = await createPostgresTestDatabase();
            dropped.push(() => database.drop());
            const env = { ...folders(name), DATABASE_URL: database.url };
            return {
              env,
              own: (index: number) => ({ DB_PATH: path.join(dir, name, `own-${index}.sqlite`) }),
              where: { databaseUrl: database.url, outboxDir: env.OUTBOX_DIR },
            };
          },
        },
      ]
    : []),
];

async function startPair(data: PairData, extra: Record<string, string> = {}) {
  // Started together: the second applies no migration step the first applied.
  const pair = await Promise.all(
    [0, 1].map((index) => startServerProcess({ ...data.env, ...data.own(index), ...extra })),
  );
  instances.push(...pair);
  return pair;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));
});
afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  for (const drop of dropped) await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const signUp = (origin: string, email: string) =>
  fetch(`${origin}${SUBSCRIBERS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', site: 'DE' },
    body: JSON.stringify({ email, consents: [] }),
  });

/** The mails in the outbox to `email`, once there are `count` of them (the instances' senders write them). */
function mailsTo(outbox: string, email: string, count = 1) {
  return waitFor(
    async () => {
      const mails = await readOutbox(outbox, { to: email });
      return mails.length >= count && mails;
    },
    { timeoutMs: 10_000, what: `${count} mail(s) to ${email} in ${outbox}` },
  );
}

const tokenIn = async (outbox: string, email: string) =>
  linkIn((await mailsTo(outbox, email))[0]!, '/newsletter/confirm/').searchParams.get('token')!;

const confirm = (origin: string, token: string) =>
  fetch(`${origin}${SUBSCRIBERS}/${token}/doi`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

/**
 * The answer, or while it is 503 with Retry-After (the database busy) the answer to the same request sent again once
 * that many seconds have passed, as a client does; at most five tries in all.
 */
async function afterBusy(answer: Response, again: () => Promise<Response>): Promise<Response> {
  for (let tries = 1; answer.status === 503 && tries < 5; tries++) {
    const seconds = Number(answer.headers.get('retry-after'));
    expect(seconds, 'a 503 says when to try again').toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    answer = await again();
  }
  return answer;
}

describe.each(engines)('two instances on one $engine database, default limits', ({ engine, data }) => {
  let pair: ServerProcess[];
  let outbox: string;
  let where: PairData['where'];
  const accepted: string[] = [];

  beforeAll(async () => {
    const started = await data(`limits-${engine}`);
    pair = await startPair(started);
    outbox = started.env.OUTBOX_DIR!;
    where = started.where;
  }, 60_000);

  test('40 sign-ups from one client, alternating: the first 30 pass the shared limit, 10 × 429, one mail each', async () => {
    const statuses: number[] = [];
    const busy: string[] = [];
    for (let i = 0; i < 40; i++) {
      const email = `alt-${i}@example.com`;
      const response = await signUp(pair[i % 2]!.origin, email);
      statuses.push(response.status);
      if (response.status === 201) accepted.push(email);
      if (response.status === 503) busy.push(email);
    }
    // The limit counts requests, on either instance: 30 pass it, the rest get 429, and once over it a client stays over
    // for the window. A request may also be refused whole with 503 and Retry-After, while the other process holds the
    // file's write lock past the 100 ms wait (a loaded machine; docs/operations.md#database-busy): at the count (then
    // it did not count) or at the sign-up's own write (then it did). So 30 requests are stored or refused as busy,
    // and no more than 30 are stored.
    const said = statuses.join(' ');
    expect(
      statuses.filter((status) => ![201, 429, 503].includes(status)),
      said,
    ).toEqual([]);
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused, said).toBeGreaterThanOrEqual(30);
    expect(
      statuses.slice(firstRefused).filter((status) => status === 201),
      said,
    ).toEqual([]);
    expect(accepted.length, said).toBeLessThanOrEqual(30);
    expect(accepted.length + busy.length, said).toBeGreaterThanOrEqual(30);
    expect(accepted.length, said).toBeGreaterThanOrEqual(25);
    const { rows, mails } = await deliveredTo(where, [...accepted, ...busy]);
    expect([...rows].sort()).toEqual([...accepted].sort());
    expect([...mails].sort()).toEqual([...accepted].sort());
    // Each exactly once, whichever instance's sender took it.
    const all = await readOutbox(outbox);
    expect(all.filter((mail) => accepted.includes(mail.to))).toHaveLength(accepted.length);
  }, 60_000);

  test('a sign-up through one instance is confirmed through the other', async () => {
    const email = accepted[0]!; // signed up through the first
    expect((await confirm(pair[1]!.origin, await tokenIn(outbox, email))).status).toBe(200);
  });

  test('one link opened 20 times on both at once: one 200, one welcome mail, one code', async () => {
    const email = accepted[1]!;
    const token = await tokenIn(outbox, email);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => confirm(pair[i % 2]!.origin, token)));
    // On one SQLite file a click that waited past the write lock's 100 ms is refused whole with 503 and Retry-After
    // (docs/operations.md#database-busy); the browser's next try, as long after as it says, counts like any other.
    const answers = await Promise.all(
      burst.map((answer, i) => afterBusy(answer, () => confirm(pair[i % 2]!.origin, token))),
    );
    const statuses = `burst: ${burst.map((answer) => answer.status).join(' ')}`;
    expect(
      answers.filter((answer) => answer.status === 200),
      statuses,
    ).toHaveLength(1);
    expect(
      answers.map((answer) => answer.status).filter((status) => status >= 500),
      statuses,
    ).toEqual([]);
    const db = await databaseReader(where);
    try {
      // The welcome mail is queued in the transaction that answered 200: counted at once, exactly. Once every mail to
      // the address is sent, its file is in the outbox and no other can come.
      const jobs = () => db.all('SELECT kind, state FROM mail_jobs WHERE recipient = ? ORDER BY id', email);
      expect((await jobs()).map((job) => job.kind)).toEqual(['newsletter.confirmation', 'newsletter.welcome']);
      await waitFor(async () => (await jobs()).every((job) => job.state === 'sent'), {
        timeoutMs: 10_000,
        what: `the mails to ${email} sent`,
      });
      expect(await readOutbox(outbox, { to: email })).toHaveLength(2); // the confirmation and one welcome mail
      const [codes] = await db.all(
        'SELECT COUNT(*) AS n FROM vouchers JOIN subscribers s ON s.id = vouchers.subscriber_id WHERE s.email = ?',
        email,
      );
      expect(Number(codes!.n)).toBe(1);
    } finally {
      await db.close();
    }
  });

  test('a staff login on one instance previews on the other', async () => {
    const login = await fetch(`${pair[0]!.origin}/service/login/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'csrf_token=x', 'x-csrf-token': 'x' },
      body: JSON.stringify(DEMO_STAFF),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const at = encodeURIComponent('2026-12-24T10:00:00.000Z');
    expect(
      (await fetch(`${pair[1]!.origin}/service/preview/api/token?previewDateTime=${at}`, { headers: { cookie } }))
        .status,
    ).toBe(200);
    const check = await fetch(`${pair[0]!.origin}/service/preview/api/auth/checkauth`, { headers: { cookie } });
    expect(await check.json()).toMatchObject({ status: 'SUCCESS', dateTime: '2026-12-24T10:00:00.000Z' });
  });
});

/** Limits out of the way of a load test. */
const UNLIMITED = {
  NEWSLETTER_SIGNUPS_PER_MINUTE: '100000',
  NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '10000000',
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: '10000000',
};

test.each(engines)(
  '$engine: kill -9 of one instance under sign-up load: every 201 has its row and its mail, sent by the survivor',
  async ({ engine, data }) => {
    const stored = await data(`kill-${engine}`);
    const pair = await startPair(stored, UNLIMITED);
    const [doomed, survivor] = pair as [ServerProcess, ServerProcess];
    // Half the clients on each instance, as a load balancer spreads them; the doomed one's clients stop at the kill.
    const loads = [
      signUpLoop(doomed.origin, { workers: 4, maxMs: 80_000, prefix: 'doomed' }),
      signUpLoop(survivor.origin, { workers: 4, maxMs: 80_000, prefix: 'survivor' }),
    ];
    const answered = () => loads.flatMap((load) => load.outcomes).filter((outcome) => outcome.status === 201).length;
    // Seconds on a quiet machine; bounded, so a starved one kills after 30 s with what it has. Fifty before and after:
    // eight clients keep requests in flight on both whenever the kill comes; more would only cost CPU.
    await waitUntil(() => answered() >= 50, 30_000);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const atKill = answered();
    await waitUntil(() => answered() >= atKill + 50, 30_000);
    const outcomes = (await Promise.all(loads.map((load) => load.stop()))).flat();

    const ok = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
    const { rows, mails } = await deliveredTo(stored.where, ok);
    // Load on both before the kill, and on the survivor after it.
    expect(atKill, 'sign-ups answered 201 before the kill').toBeGreaterThan(0);
    expect(ok.length, 'sign-ups answered 201 in all').toBeGreaterThan(atKill);
    expect(ok.filter((email) => !rows.has(email) || !mails.has(email))).toEqual([]);
    // Otherwise only a connection the killed instance dropped, or 503 database_busy with Retry-After: two processes
    // take turns at one file's write lock, and a write that waited its 100 ms gives up (docs/operations.md#database-busy).
    expect(outcomes.filter((outcome) => outcome.status !== undefined && ![201, 503].includes(outcome.status))).toEqual(
      [],
    );
  },
  150_000,
);

test.skipIf(!postgresTestUrl())(
  'postgres: PostgreSQL away and back under sign-up load on both: 503 while away, every 201 kept and mailed',
  async () => {
    const stored = await engines.find((candidate) => candidate.engine === 'postgres')!.data('restart');
    // The network between the instances and PostgreSQL: cut and restored, as a restart or a failover looks to them.
    const target = new URL(stored.where.databaseUrl!);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    dropped.unshift(() => proxy.close());
    const viaProxy = new URL(stored.where.databaseUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const pair = await startPair(
      { ...stored, env: { ...stored.env, DATABASE_URL: viaProxy.toString() } },
      { ...UNLIMITED, DATABASE_STATEMENT_TIMEOUT_MS: '1000' },
    );
    const loads = pair.map((instance, index) =>
      signUpLoop(instance.origin, { workers: 3, maxMs: 60_000, prefix: `restart${index}` }),
    );
    const answered = (status: number) =>
      loads.flatMap((load) => load.outcomes).filter((outcome) => outcome.status === status).length;
    await waitUntil(() => answered(201) >= 30, 30_000);
    await proxy.cut();
    // Away until each instance has answered 503 under its load, not for a fixed second.
    await waitUntil(
      () => loads.every((load) => load.outcomes.filter((outcome) => outcome.status === 503).length >= 10),
      15_000,
    );
    await proxy.restore();
    const atRestore = answered(201);
    await waitUntil(() => answered(201) >= atRestore + 30, 30_000);
    const outcomes = (await Promise.all(loads.map((load) => load.stop()))).flat();

    const ok = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
    const { rows, mails } = await deliveredTo(stored.where, ok);
    expect(answered(503), 'sign-ups answered 503 while PostgreSQL was away').toBeGreaterThanOrEqual(20);
    expect(ok.length, 'sign-ups answered 201 after it was back').toBeGreaterThan(atRestore);
    expect(ok.filter((email) => !rows.has(email) || !mails.has(email))).toEqual([]);
    expect(outcomes.filter((outcome) => ![201, 503].includes(outcome.status ?? 0))).toEqual([]);
  },
  150_000,
);
