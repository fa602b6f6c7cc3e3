// Two fault scenarios of `npm run faults` (docs/performance.md#faults): the database's write lock held by another
// process under sign-up load, and an SMTP server refusing `MAIL FROM` for a while. Loopback only, bounded.
import { openAsAnotherProgram, openReadOnly } from '../../../server/database/sqliteFile.ts';
import { SMTPServer } from 'smtp-server';
import { signUpLoop } from './signUpLoop.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Jobs still `queued` or `sending` (after the queue had its time): stuck mail. */
function stuckJobs(dbPath) {
  const db = openReadOnly(dbPath);
  try {
    return Number(db.prepare("SELECT count(*) AS n FROM mail_jobs WHERE state IN ('queued', 'sending')").get().n);
  } finally {
    db.close();
  }
}

/** Jobs by state. */
function jobStates(dbPath) {
  const db = openReadOnly(dbPath);
  try {
    return Object.fromEntries(
      db
        .prepare('SELECT state, count(*) AS n FROM mail_jobs GROUP BY state')
        .all()
        .map((row) => [row.state, Number(row.n)]),
    );
  } finally {
    db.close();
  }
}

/**
 * Sign-up load while another process holds the write lock for `holdMs`: answers by status, and for every 201 a row
 * and a mail (`lostOf`), and no job left queued or sending once the queue had its time.
 * @param {{ origin: string, dbPath: string, lostOf: (created: string[]) => Promise<{ rows: number, mails: number, lost: number }> }} options
 */
export async function databaseLockedUnderLoad({ origin, dbPath, lostOf, holdMs = 4000 }) {
  const load = signUpLoop(origin, { workers: 8, maxMs: 60_000, prefix: 'locked' });
  await sleep(1500);
  const other = openAsAnotherProgram(dbPath);
  // The server writes without pause: wait for its current write to end, as any second writer would.
  other.exec('PRAGMA busy_timeout = 2000');
  other.exec('BEGIN IMMEDIATE');
  const lockedAt = Date.now();
  await sleep(holdMs);
  other.exec('COMMIT');
  other.close();
  await sleep(2000);
  const outcomes = await load.stop();
  const during = outcomes.filter((outcome) => outcome.at >= lockedAt && outcome.at < lockedAt + holdMs);
  const created = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email);
  const counts = await lostOf(created);
  return {
    requests: outcomes.length,
    answered201: created.length,
    answered503: outcomes.filter((outcome) => outcome.status === 503).length,
    answered500: outcomes.filter((outcome) => outcome.status === 500).length,
    requestsWhileLocked: during.length,
    ...counts,
    stuck: stuckJobs(dbPath),
  };
}

/** A loopback SMTP server that answers 550 to `MAIL FROM` while `refusing`, and counts what it accepted. */
export async function refusingSmtpServer() {
  const received = new Set();
  const state = { refusing: true, refusals: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, done) {
      if (!state.refusing) return done();
      state.refusals += 1;
      done(Object.assign(new Error('Sender domain not allowed on this relay'), { responseCode: 550 }));
    },
    onData(stream, session, done) {
      stream.resume();
      stream.on('end', () => {
        for (const recipient of session.envelope.rcptTo) received.add(recipient.address.toLowerCase());
        done();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    received,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Sign-up load while the SMTP server refuses `MAIL FROM` for `refuseMs`, then accepts: every 201 must get its mail
 * (retried, never failed), and no job stays queued or sending.
 * @param {{ origin: string, dbPath: string, smtp: Awaited<ReturnType<typeof refusingSmtpServer>> }} options
 */
export async function smtpRefusesMailFrom({ origin, dbPath, smtp, refuseMs = 6000 }) {
  const load = signUpLoop(origin, { workers: 4, maxMs: 60_000, prefix: 'mailfrom' });
  await sleep(refuseMs);
  smtp.state.refusing = false;
  await sleep(1000);
  const outcomes = await load.stop();
  const created = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.email.toLowerCase());
  const until = Date.now() + 60_000;
  while (created.some((email) => !smtp.received.has(email)) && Date.now() < until) await sleep(200);
  const states = jobStates(dbPath);
  return {
    requests: outcomes.length,
    answered201: created.length,
    refusalsOfMailFrom: smtp.state.refusals,
    mails: created.filter((email) => smtp.received.has(email)).length,
    lost: created.filter((email) => !smtp.received.has(email)).length,
    failed: states.failed ?? 0,
    stuck: stuckJobs(dbPath),
  };
}
