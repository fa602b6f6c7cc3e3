import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../server/db.ts';
import { mailJobFixture } from '../server/fixtures/mailJobFixture.ts';
import { mailJobs } from '../server/mail/mailJobs.ts';
import { childEnvironment } from '../src/shared/config.ts';
import { openPostgresDatabase, sharedDatabaseOf } from '../server/database/sharedDatabase.ts';
import { createPostgresTestDatabase, postgresTestUrl } from '../server/database/postgresTestDatabase.ts';

const script = path.resolve(import.meta.dirname, 'mail-status.mjs');

/** Runs `npm run mail:status` as an operator would, with the given settings. */
function mailStatus(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script],
      { cwd: path.resolve(import.meta.dirname, '..'), env: childEnvironment({ TZ: 'UTC', ...env }) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
let dbPath: string;
let db: DatabaseSync;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-status-'));
  dbPath = path.join(dir, 'storefront.sqlite');
  db = openDatabase(dbPath);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const HOUR_MS = 60 * 60 * 1000;

/** Queues a job created `hoursAgo` hours ago and moves it to `state`. */
async function jobIn(
  state: string,
  recipient: string,
  hoursAgo: number,
  lastError: string | null = null,
  attempts = 0,
) {
  const id = await mailJobs(sharedDatabaseOf(db), 'test.example').enqueue(
    mailJobFixture({ kind: 'confirmation', recipient, payload: { token: 'secret-link-token' } }),
    new Date(Date.now() - hoursAgo * HOUR_MS),
  );
  db.prepare('UPDATE mail_jobs SET state = ?, last_error = ?, attempts = ? WHERE id = ?').run(
    state,
    lastError,
    attempts,
    id,
  );
  return id;
}

describe('npm run mail:status', () => {
  test('prints every state, the oldest unsent mails with masked recipients and their last error', async () => {
    await jobIn('sent', 'sent.one@example.com', 50);
    await jobIn('sent', 'sent.two@example.com', 49);
    const failed = await jobIn('failed', 'anna@example.com', 30, '550 5.1.1 <anna@example.com>: Recipient unknown', 1);
    const queued = await jobIn('queued', 'bert@example.org', 2, 'connect ECONNREFUSED 127.0.0.1:25', 3);
    await jobIn('cancelled', 'carl@example.com', 1);

    const { code, stdout, stderr } = await mailStatus({ DB_PATH: dbPath });

    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}queued +1$/),
        expect.stringMatching(/^ {2}sending +0$/),
        expect.stringMatching(/^ {2}sent +2$/),
        expect.stringMatching(/^ {2}failed +1$/),
        expect.stringMatching(/^ {2}unknown +0$/),
        expect.stringMatching(/^ {2}cancelled +1$/),
      ]),
    );
    const failedLine = lines.find((line) => line.startsWith(`  ${failed} `))!;
    expect(failedLine).toMatch(
      /confirmation +failed +a\*\*\*@example\.com +1d 6h +1 +550 5\.1\.1 <a\*\*\*@example\.com>/,
    );
    const queuedLine = lines.find((line) => line.startsWith(`  ${queued} `))!;
    expect(queuedLine).toMatch(/b\*\*\*@example\.org +2h 0m +3 +connect ECONNREFUSED/);
    // The oldest first; sent and cancelled mails are not listed.
    expect(lines.indexOf(failedLine)).toBeLessThan(lines.indexOf(queuedLine));
    expect(stdout).not.toMatch(/sent\.one|carl|anna@|bert@/);
    expect(stdout).not.toContain('secret-link-token');
    expect(stdout).toMatch(/Suppressions by reason\n {2}hard_bounce +0\n {2}soft_bounces +0\n {2}complaint +0\n/);
    expect(stdout).toMatch(
      /İYS registrations by state\n {2}pending +0\n {2}accepted +0\n {2}failed +0\n {2}pending past deadline +0/,
    );
  });

  test('counts the confirmation mails a cap deferred, and lists them as deferred', async () => {
    const deferred = await mailJobs(sharedDatabaseOf(db), 'test.example').enqueue(
      mailJobFixture({
        kind: 'confirmation',
        recipient: 'waits@example.com',
        cap: { domain: 'example.com', network: '203.0.113.0/24', deferred: true },
      }),
      new Date(Date.now() - 2 * HOUR_MS),
    );
    await jobIn('queued', 'due@example.com', 1);
    const { code, stdout } = await mailStatus({ DB_PATH: dbPath });
    expect(code).toBe(0);
    expect(stdout).toMatch(/ {2}queued +2\n/);
    expect(stdout).toMatch(
      /Confirmation mails deferred by the caps \(sent once they allow\)\n {2}deferred +1\n {2}oldest waiting +2h 0m\n/,
    );
    expect(stdout.split('\n').find((line) => line.startsWith(`  ${deferred} `))).toMatch(
      /confirmation +deferred +w\*\*\*@example\.com +2h 0m/,
    );
  });

  test('shows suppressions by reason and the İYS backlog, with the registrations past their deadline', async () => {
    db.exec(`INSERT INTO suppressions (site, address, reason, since) VALUES
        ('DE', 'a@example.com', 'hard_bounce', '2026-11-01T00:00:00Z'), ('DE', 'b@example.com', 'complaint', '2026-11-01T00:00:00Z'),
        ('AT', 'a@example.com', 'hard_bounce', '2026-11-01T00:00:00Z');
      INSERT INTO iys_sync (shop, recipient, status, consent_date, state, next_attempt_at, deadline, created_at) VALUES
        ('TR', 'x@example.com', 'ONAY', '2020-01-01T00:00:00Z', 'pending', '2020-01-01T00:00:00Z', '2020-01-06T00:00:00Z', '2020-01-01T00:00:00Z'),
        ('TR', 'y@example.com', 'ONAY', '2099-01-01T00:00:00Z', 'pending', '2099-01-01T00:00:00Z', '2099-01-06T00:00:00Z', '2099-01-01T00:00:00Z'),
        ('TR', 'z@example.com', 'RET', '2020-01-01T00:00:00Z', 'accepted', '2020-01-01T00:00:00Z', '2020-01-06T00:00:00Z', '2020-01-01T00:00:00Z');`);
    const { code, stdout } = await mailStatus({ DB_PATH: dbPath });
    expect(code).toBe(0);
    expect(stdout).toMatch(/Suppressions by reason\n {2}hard_bounce +2\n {2}soft_bounces +0\n {2}complaint +1\n/);
    expect(stdout).toMatch(
      /İYS registrations by state\n {2}pending +2\n {2}accepted +1\n {2}failed +0\n {2}pending past deadline +1/,
    );
  });

  test('a missing database is one clear line and exit 1, and no file is created', async () => {
    const missing = path.join(dir, 'nothing-here.sqlite');
    const { code, stdout, stderr } = await mailStatus({ DB_PATH: missing });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`No database at ${missing} (DB_PATH)`)]);
    expect(fs.existsSync(missing)).toBe(false);
  });
});

describe.skipIf(!postgresTestUrl())('npm run mail:status with DATABASE_URL', () => {
  test('reads the mail queue from PostgreSQL, where the instances keep it', async () => {
    const database = await createPostgresTestDatabase();
    const shared = openPostgresDatabase({ url: database.url, poolSize: 2, statementTimeoutMs: 5000 });
    try {
      await shared.ready();
      const jobs = mailJobs(shared, 'test.example');
      const sent = await jobs.enqueue(mailJobFixture({ recipient: 'pg.one@example.com' }));
      await jobs.claim('test', new Date(Date.now() + 1000));
      await jobs.finish(sent, 'sent');
      await jobs.enqueue(mailJobFixture({ recipient: 'pg.two@example.com' }));
      // DB_PATH points nowhere: the report does not need the SQLite file.
      const { code, stdout, stderr } = await mailStatus({
        DATABASE_URL: database.url,
        DB_PATH: path.join(dir, 'none.sqlite'),
      });
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout).toMatch(/^Mail status of PostgreSQL at /);
      expect(stdout).not.toContain(new URL(database.url).password || 'no-password-in-url');
      expect(stdout).toMatch(/ {2}queued +1\n {2}sending +0\n {2}sent +1\n/);
      expect(stdout).toMatch(/p\*\*\*@example\.com/);
      expect(fs.existsSync(path.join(dir, 'none.sqlite'))).toBe(false);
    } finally {
      await shared.close();
      await database.drop();
    }
  });

  test('PostgreSQL unreachable: one line naming where, and exit 1', async () => {
    const { code, stdout, stderr } = await mailStatus({
      DATABASE_URL: 'postgres://nobody:secret-word@127.0.0.1:9/none',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('127.0.0.1:9');
    expect(stderr).not.toContain('secret-word');
  });
});
