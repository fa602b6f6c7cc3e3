// npm run faults: load held, faults survived, nothing lost (docs/performance.md#faults). A real server (server/main.ts)
// on 127.0.0.1 with every data folder in a throwaway folder builds its first release by itself, then:
//   1. sign-up load for 20 s (autocannon, 50 client addresses, sign-up limit raised): requests/s, p50, p99, errors,
//      and the rows and e-mails of the sign-ups answered 201;
//   2. static page load on /de/ for 20 s: the same figures;
//   3. kill -9 under sign-up load, three times, each with a restart on the same port and data: 201s against rows and
//      e-mails (lost = a 201 without both);
//   4. SIGTERM under sign-up load: resets, refused connections, lost, exit code and time;
//   5. kill -9 while the publisher builds a published version, with shoppers loading /hu/ and its assets: every answer
//      200 and whole, the orphaned build gone, and the restarted server catching up;
//   6. the database's write lock held by another process for 4 s under sign-up load: 503s instead of stalls, 0 lost,
//      0 stuck;
//   7. an SMTP server refusing `MAIL FROM` for 6 s under sign-up load, then accepting: 0 failed, 0 lost, 0 stuck.
//   8. the sign-up load split over two instances on the one database file: requests/s together, p99, lost.
//   9. the same with the shared data layer on PostgreSQL (DATABASE_URL), one instance and then two
//      (scripts/lib/faults/postgresThroughput.mjs; skipped without PostgreSQL).
//  10. PostgreSQL away for 10 s under sign-up load on two instances (a loopback proxy cut and restored): answers by
//      status, recovery, rows, mails, lost, mailed twice (scripts/lib/faults/postgresOutage.mjs; skipped without it).
// `npm run faults -- --only=locked,mail-from` runs the first release and only the scenarios named (locked, mail-from,
// sign-ups, two-instances, postgres, postgres-outage).
// Loopback only, bounded: each phase has its own time limit and the whole run stops after 10 minutes. Writes
// reports/faults.json and prints the figures as Markdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from './lib/faults/serverProcess.mjs';
import { REFUSED, signUpLoop } from './lib/faults/signUpLoop.mjs';
import { deliveredTo } from './lib/faults/delivered.mjs';
import { pageLoad, signUpLoad, signUpLoadOver } from './lib/faults/autocannonLoad.mjs';
import { postgresThroughput } from './lib/faults/postgresThroughput.mjs';
import { postgresOutage } from './lib/faults/postgresOutage.mjs';
import { processesOf } from './lib/faults/processes.mjs';
import { publishFooterText, steadyLoad, waitUntil } from './lib/publishProbe.mjs';
import { root } from './lib/services.mjs';
import { databaseLockedUnderLoad, refusingSmtpServer, smtpRefusesMailFrom } from './lib/faults/lockAndRefusal.mjs';

const RUN_LIMIT_MS = 10 * 60_000;
const LOAD_SECONDS = 20;
const KILL_ROUNDS = 3;
const TOKEN = 'faults-bench-token-0123456789abcdef';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-faults-'));
const env = {
  DB_PATH: path.join(dataDir, 'storefront.sqlite'),
  OUTBOX_DIR: path.join(dataDir, 'outbox'),
  DIST_DIR: path.join(dataDir, 'dist'),
  RELEASES_DIR: path.join(dataDir, 'releases'),
  PREVIEW_RENDERER_DIR: path.join(dataDir, 'preview-renderer'),
  PUBLISHER: 'auto',
  PROMOTION_ADMIN_TOKEN: TOKEN,
  TRUST_PROXY: 'true',
  NEWSLETTER_SIGNUPS_PER_MINUTE: '100000',
  NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '10000000',
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: '10000000',
};
const folders = { dbPath: env.DB_PATH, outboxDir: env.OUTBOX_DIR };
/** @type {import('./lib/faults/serverProcess.mjs').ServerProcess} */
let server;

const seconds = (ms) => Math.round(ms / 100) / 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(`[faults] ${line}`);

/** Stops everything this run started: the server and any build of its release folder. */
function stopAll() {
  server?.child.kill('SIGKILL');
  for (const pid of processesOf(env.RELEASES_DIR)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
const limit = setTimeout(() => {
  console.error(`npm run faults did not finish within ${RUN_LIMIT_MS / 60_000} minutes: stopped.`);
  stopAll();
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();

/** Starts (or restarts in place) the server and waits until it answers at all. */
async function start(port = '0') {
  server = await startServerProcess({ ...env, PORT: port });
  return server;
}
const portOf = () => new URL(server.origin).port;

/** Sign-ups answered 201 that have no row or no e-mail, in the SQLite file or (`where`) another database. */
async function lostOf(created, where = folders) {
  const { rows, mails } = await deliveredTo(where, created);
  return {
    rows: created.filter((email) => rows.has(email.toLowerCase())).length,
    mails: created.filter((email) => mails.has(email.toLowerCase())).length,
    lost: created.filter((email) => !rows.has(email.toLowerCase()) || !mails.has(email.toLowerCase())).length,
  };
}

async function firstRelease() {
  const started = Date.now();
  await start();
  await waitUntil(async () => (await fetch(`${server.origin}/service/health`)).status === 200, {
    timeoutMs: 240_000,
    intervalMs: 200,
    what: 'the first release',
  });
  return { seconds: seconds(Date.now() - started) };
}

async function signUpThroughput() {
  const { figures, created } = await signUpLoad({ origin: server.origin, seconds: LOAD_SECONDS, prefix: 'throughput' });
  return { ...figures, ...(await lostOf(created)) };
}

/**
 * The same sign-up load split over two instances on the one database file and folders (5 connections each), as two
 * servers behind a load balancer; the second joins the live release without building (docs/operations.md#several-instances).
 */
async function twoInstancesThroughput() {
  const second = await startServerProcess(env);
  try {
    const { figures, created } = await signUpLoadOver({
      origins: [server.origin, second.origin],
      seconds: LOAD_SECONDS,
      prefix: 'pair',
    });
    return { ...figures, ...(await lostOf(created)), secondBuilt: /\[publish\] building/.test(second.output()) };
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}

async function killRound(round) {
  const load = signUpLoop(server.origin, { workers: 8, retryRefused: true, maxMs: 60_000, prefix: `kill${round}` });
  await sleep(2000);
  const port = portOf();
  server.child.kill('SIGKILL');
  const killedAt = Date.now();
  await server.exited;
  await start(port);
  const restartMs = Date.now() - killedAt;
  await sleep(2000);
  const outcomes = await load.stop();
  const created = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
  const cut = outcomes.filter((outcome) => outcome.error !== undefined && outcome.error !== REFUSED);
  const storedWithoutAnswer = (
    await deliveredTo(
      folders,
      outcomes.filter((outcome) => outcome.error !== undefined).map((outcome) => outcome.email),
      { waitMs: 0 },
    )
  ).rows.size;
  return {
    round,
    requests: outcomes.length,
    answered201: created.length,
    ...(await lostOf(created)),
    cutByTheKill: cut.length,
    refusedWhileDown: outcomes.filter((outcome) => outcome.error === REFUSED).length,
    storedWithoutAnswer,
    restartMs,
  };
}

async function sigtermUnderLoad() {
  const load = signUpLoop(server.origin, { workers: 8, maxMs: 60_000, prefix: 'term' });
  await sleep(2000);
  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const outcomes = await load.done;
  const { code } = await server.exited;
  const exitMs = Date.now() - signalledAt;
  // Mails still queued at the signal stay queued; the next start sends them, and only then are they counted.
  await start();
  const created = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
  const afterSignal = outcomes.filter((outcome) => outcome.at >= signalledAt);
  const resets = outcomes.filter((outcome) => outcome.error !== undefined && outcome.error !== REFUSED);
  const lastAnswers = [...new Set(outcomes.map((outcome) => outcome.worker))].map((worker) =>
    outcomes.filter((outcome) => outcome.worker === worker && outcome.status !== undefined).at(-1),
  );
  return {
    requests: outcomes.length,
    answered201: created.length,
    answeredAfterSignal: afterSignal.filter((outcome) => outcome.status !== undefined).length,
    ...(await lostOf(created)),
    resets: resets.length,
    resetCodes: [...new Set(resets.map((outcome) => outcome.error))],
    refused: outcomes.filter((outcome) => outcome.error === REFUSED).length,
    lastAnswersWithConnectionClose: lastAnswers.filter((outcome) => outcome?.connection === 'close').length,
    connections: lastAnswers.length,
    exitCode: code,
    exitMs,
  };
}

async function killDuringPublish() {
  const marker = `Faults marker ${Date.now()}`;
  const shoppers = steadyLoad({ origin: server.origin, pagePath: '/hu/', concurrency: 4 });
  await sleep(1000);
  const status = async () =>
    (
      await (
        await fetch(`${server.origin}/service/publish/api/status`, { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json()
    ).shops.hu;
  await publishFooterText({ origin: server.origin, token: TOKEN, site: 'HU', text: marker });
  await waitUntil(async () => (await status()).building, { timeoutMs: 30_000, what: 'the hu build' });
  // Into the build, past fetching the content: an orphan could finish from here on.
  const logs = path.join(env.RELEASES_DIR, '.logs');
  const newestLog = () => path.join(logs, fs.readdirSync(logs).sort().at(-1));
  await waitUntil(() => fs.readFileSync(newestLog(), 'utf8').includes('Synced content'), {
    timeoutMs: 60_000,
    what: 'the build to load its content',
  });
  const buildProcesses = processesOf(env.RELEASES_DIR).filter((pid) => Number(pid) !== server.child.pid);
  const port = portOf();
  server.child.kill('SIGKILL');
  const killedAt = Date.now();
  await server.exited;
  // A killed process may linger as a zombie until it is reaped; processesOf no longer lists it then.
  const orphanGone = waitUntil(() => !processesOf(env.RELEASES_DIR).some((pid) => buildProcesses.includes(pid)), {
    timeoutMs: 30_000,
    intervalMs: 20,
    what: 'the orphaned build to stop',
  }).then(() => Date.now() - killedAt);
  await start(port);
  const restartMs = Date.now() - killedAt;
  await waitUntil(async () => (await (await fetch(`${server.origin}/hu/`)).text()).includes(marker), {
    timeoutMs: 180_000,
    intervalMs: 100,
    what: 'the restarted server to publish the version',
  });
  const caughtUpMs = Date.now() - killedAt;
  const orphanStoppedMs = await orphanGone;
  await sleep(1000);
  const counts = await shoppers.stop();
  return {
    pages: counts.pages,
    assets: counts.assets,
    non200: counts.non200.length,
    mixed: counts.mixed.length,
    refusedWhileDown: counts.refused,
    buildProcessesAtKill: buildProcesses.length,
    orphanStoppedMs,
    restartMs,
    caughtUpMs,
    ...(counts.non200.length || counts.mixed.length
      ? { examples: [...counts.non200, ...counts.mixed].slice(0, 5) }
      : {}),
  };
}

/** `201 × 2000, 503 × 40`: the answers of a load by status. */
const answersOf = (statusCodes = {}) =>
  Object.entries(statusCodes)
    .map(([code, count]) => `${code} × ${count}`)
    .join(', ') || '–';

/** Sign-ups on SQLite alone and with the shared layer on PostgreSQL, one instance and two, as far as they ran. */
function engineComparison({ signUps, twoInstances, postgres }) {
  if (postgres?.skipped) return [`The PostgreSQL scenarios did not run: ${postgres.skipped}.`, ''];
  const rows = [
    ['one instance, SQLite only (10 connections)', signUps],
    [`one instance on PostgreSQL (10 connections)`, postgres?.one],
    ['two instances, one SQLite file (5 connections each)', twoInstances],
    ['two instances on one PostgreSQL (5 connections each)', postgres?.two],
  ].filter(([, figures]) => figures);
  if (rows.length < 2) return [];
  return [
    `Sign-ups by engine (20 s each, 50 client addresses; PostgreSQL: ${postgres?.where ?? 'not run'}; subscribers, mail queue, throttles all in it):`,
    '',
    '| sign-ups | requests/s | p50 ms | p99 ms | errors | answers | 201s | lost |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      ([what, f]) =>
        `| ${what} | ${f.requestsPerSecond} | ${f.latencyMs.p50} | ${f.latencyMs.p99} | ${f.errors} | ${answersOf(f.statusCodes)} | ${f.created} | ${f.lost} |`,
    ),
    '',
  ];
}

function markdown(report) {
  const { signUps: s, pages: p, kills, sigterm: t, publishKill: k, locked: l, mailFrom: m, twoInstances: two } = report;
  const lines = [
    `Figures of ${report.date} (${report.machine}); the first release (every shop, built by the server's publisher by itself at start) was served after ${report.firstRelease.seconds} s.`,
    '',
    ...(l
      ? [
          `Database write lock held by another process for 4 s under sign-up load (8 connections): ${l.requests} requests (${l.requestsWhileLocked} while locked), ${l.answered201} answered 201, ${l.answered503} answered 503 with \`Retry-After\`, ${l.answered500} answered 500; ${l.rows} rows, ${l.mails} e-mails, **${l.lost} lost, ${l.stuck} stuck**.`,
          '',
        ]
      : []),
    ...(m
      ? [
          `SMTP server answering 550 to \`MAIL FROM\` for 6 s, then accepting, under sign-up load (4 connections): ${m.requests} requests, ${m.answered201} answered 201, ${m.refusalsOfMailFrom} refusals of \`MAIL FROM\`, ${m.mails} e-mails received, **${m.failed} failed, ${m.lost} lost, ${m.stuck} stuck**.`,
          '',
        ]
      : []),
  ];
  if (two)
    lines.push(
      `Sign-ups over two instances on one database file (20 s, 5 connections each, 50 client addresses): ${two.requestsPerSecond} requests/s together, p50 ${two.latencyMs.p50} ms and p99 ${two.latencyMs.p99} ms (the slower instance), ${two.errors} errors, ${two.non2xx} non-2xx; ${two.created} answered 201, ${two.rows} rows, ${two.mails} e-mails, **${two.lost} lost**; the second instance ${two.secondBuilt ? 'built' : 'joined the live release without building'}.`,
      '',
    );
  lines.push(...engineComparison(report));
  const o = report.postgresOutage;
  if (o?.skipped) lines.push(`The PostgreSQL outage did not run: ${o.skipped}.`, '');
  else if (o)
    lines.push(
      `PostgreSQL away for ${seconds(o.outageMs)} s under sign-up load on two instances (4 connections each; ${o.where}): ${o.requests} requests, ${answersOf(o.answers)}; while it was away ${answersOf(o.answersDuringOutage)}; ${o.withoutRetryAfter} 503s without \`Retry-After\`, ${o.answered500} answered 500; health during it: ${o.healthDuringOutage.join(', ')}; the first sign-up stored ${o.recoveryMs ?? 'never'} ms after the database returned; ${o.answered201} answered 201, ${o.rows} rows, ${o.mails} e-mails, **${o.lost} lost, ${o.mailedTwice} mailed twice**.`,
      '',
    );
  // The full tables need the whole run (`--only` runs part of it).
  if (!s || !p || !kills || !t || !k) return lines.join('\n');
  lines.push(
    '| load (20 s, 10 connections) | requests/s | p50 ms | p99 ms | errors | non-2xx | 201s | rows | e-mails | lost |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| sign-ups (50 client addresses) | ${s.requestsPerSecond} | ${s.latencyMs.p50} | ${s.latencyMs.p99} | ${s.errors} | ${s.non2xx} | ${s.created} | ${s.rows} | ${s.mails} | ${s.lost} |`,
    `| static page \`/de/\` | ${p.requestsPerSecond} | ${p.latencyMs.p50} | ${p.latencyMs.p99} | ${p.errors} | ${p.non2xx} | – | – | – | – |`,
    '',
    '| `kill -9` under sign-up load | requests | 201s | rows | e-mails | lost | cut off by the kill | refused while down | stored without an answer | restart ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...kills.map(
      (r) =>
        `| round ${r.round} | ${r.requests} | ${r.answered201} | ${r.rows} | ${r.mails} | ${r.lost} | ${r.cutByTheKill} | ${r.refusedWhileDown} | ${r.storedWithoutAnswer} | ${r.restartMs} |`,
    ),
    '',
    `\`SIGTERM\` under sign-up load (8 keep-alive connections): ${t.requests} requests, ${t.answered201} answered 201 (${t.answeredAfterSignal} after the signal), ${t.rows} rows, ${t.mails} e-mails, **${t.lost} lost, ${t.resets} resets**, ${t.refused} refused connections; ${t.lastAnswersWithConnectionClose} of ${t.connections} connections ended with \`Connection: close\`; exit ${t.exitCode} after ${t.exitMs} ms.`,
    '',
    `\`kill -9\` during a publish (hu, 4 shoppers on \`/hu/\` and its assets): ${k.pages} pages and ${k.assets} assets served, **${k.non200} non-200, ${k.mixed} mixed**, ${k.refusedWhileDown} requests refused while the server was down; ${k.buildProcessesAtKill} build processes at the kill, gone ${k.orphanStoppedMs} ms later; restarted after ${k.restartMs} ms; the new version served ${seconds(k.caughtUpMs)} s after the kill.`,
  );
  return lines.join('\n');
}

const report = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os.loadavg()[0].toFixed(1)} at the start`,
};
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (name) => !only || only.includes(name);
try {
  log('first release (the server builds every shop by itself)');
  report.firstRelease = await firstRelease();
  if (runs('locked')) {
    log('the database locked by another process for 4 s under sign-up load');
    report.locked = await databaseLockedUnderLoad({ origin: server.origin, dbPath: env.DB_PATH, lostOf });
  }
  if (runs('mail-from')) {
    log('an SMTP server refusing MAIL FROM for 6 s under sign-up load');
    const smtp = await refusingSmtpServer();
    const port = portOf();
    server.child.kill('SIGTERM');
    await server.exited;
    server = await startServerProcess({
      ...env,
      PORT: port,
      SMTP_URL: smtp.url,
      MAIL_RETRY_MS: '500',
      MAIL_RETRY_MAX_MS: '2000',
    });
    try {
      report.mailFrom = await smtpRefusesMailFrom({ origin: server.origin, dbPath: env.DB_PATH, smtp });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await smtp.close();
      await start(port);
    }
  }
  if (runs('sign-ups')) {
    log(`sign-up load for ${LOAD_SECONDS} s`);
    report.signUps = await signUpThroughput();
  }
  if (runs('two-instances')) {
    log(`sign-up load for ${LOAD_SECONDS} s over two instances on one database file`);
    report.twoInstances = await twoInstancesThroughput();
  }
  if (runs('postgres')) {
    log(`sign-up load for ${LOAD_SECONDS} s on PostgreSQL, one instance and then two`);
    report.postgres = await postgresThroughput({ env, seconds: LOAD_SECONDS, lostOf });
  }
  if (runs('postgres-outage')) {
    log('PostgreSQL away for 10 s under sign-up load on two instances');
    report.postgresOutage = await postgresOutage({ env, lostOf });
  }
  if (!only) {
    log(`static page load for ${LOAD_SECONDS} s`);
    report.pages = await pageLoad({ origin: server.origin, path: '/de/', seconds: LOAD_SECONDS });
    report.kills = [];
    for (let round = 1; round <= KILL_ROUNDS; round += 1) {
      log(`kill -9 under sign-up load, round ${round}`);
      report.kills.push(await killRound(round));
    }
    log('SIGTERM under sign-up load');
    report.sigterm = await sigtermUnderLoad();
    log('kill -9 during a publish');
    report.publishKill = await killDuringPublish();
  }
  server.child.kill('SIGTERM');
  await server.exited;
} finally {
  stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
fs.writeFileSync(path.join(root, 'reports/faults.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\n${markdown(report)}\n\nWritten to reports/faults.json`);
const lost =
  (report.signUps?.lost ?? 0) +
  (report.twoInstances?.lost ?? 0) +
  (report.postgres?.one?.lost ?? 0) +
  (report.postgres?.two?.lost ?? 0) +
  (report.postgresOutage?.skipped
    ? 0
    : (report.postgresOutage?.lost ?? 0) +
      (report.postgresOutage?.mailedTwice ?? 0) +
      (report.postgresOutage?.answered500 ?? 0) +
      (report.postgresOutage?.withoutRetryAfter ?? 0)) +
  (report.kills ?? []).reduce((sum, round) => sum + round.lost, 0) +
  (report.sigterm?.lost ?? 0) +
  (report.locked ? report.locked.lost + report.locked.stuck + report.locked.answered500 : 0) +
  (report.mailFrom ? report.mailFrom.lost + report.mailFrom.stuck + report.mailFrom.failed : 0);
const broken = (report.sigterm?.resets ?? 0) + (report.publishKill?.non200 ?? 0) + (report.publishKill?.mixed ?? 0);
process.exit(lost + broken === 0 ? 0 : 1);
