import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { childEnvironment } from '../../src/shared/config.ts';
import { openDatabase } from '../../server/db.ts';
import { DATABASE_START_BUSY_TIMEOUT_MS } from '../../server/databaseBusy.ts';

// A database the server cannot open at start (docs/errors.md#start-up-errors): another process holds it locked, or
// the file is damaged. The server says so in one line (what, which file, what to do) and exits 1, without a stack
// trace, within a few seconds: a locked one after the start's one wait for the lock.
const main = path.resolve(import.meta.dirname, '../../server/main.ts');
let dir: string;
let dbPath: string;
let holder: DatabaseSync | undefined;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'database-at-start-'));
  dbPath = path.join(dir, 'db', 'storefront.sqlite');
  fs.mkdirSync(path.dirname(dbPath), { recursive: true });
});
afterEach(() => {
  holder?.close();
  holder = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts `npm run serve`'s entry point and waits for it to end: its exit code, stdout, stderr and time taken. Killed
 * after 60 s, a hang (the exit code is then null).
 */
function runServer(): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [main], {
    env: childEnvironment({
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_URL: 'http://127.0.0.1:9',
      PUBLISHER: 'off',
      DB_PATH: dbPath,
      OUTBOX_DIR: path.join(dir, 'outbox'),
      DIST_DIR: path.join(dir, 'dist'),
      RELEASES_DIR: path.join(dir, 'releases'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/**
 * How long the server takes to start and stop at once on this machine, as it is loaded now: a file that is not a
 * database, which it refuses without waiting for any lock. A locked database may take this plus the start's one wait
 * for the lock ({@link DATABASE_START_BUSY_TIMEOUT_MS}), not a wait per statement.
 */
async function startAndStopMs(): Promise<number> {
  fs.writeFileSync(dbPath, 'not a database '.repeat(400), { mode: 0o600 });
  const { code, ms } = await runServer();
  expect(code).toBe(1);
  fs.rmSync(dbPath);
  return ms;
}

/**
 * How long a locked start may take: twice the start-and-refuse time, measured before and again after it (the machine's
 * load may change meanwhile, under a second test suite), plus the one wait for the lock and 2 s.
 */
async function lockedBound(beforeMs: number): Promise<number> {
  fs.rmSync(dbPath, { force: true });
  const afterMs = await startAndStopMs();
  return 2 * Math.max(beforeMs, afterMs) + DATABASE_START_BUSY_TIMEOUT_MS + 2000;
}

/** One line on stderr, naming the file and what to do; no stack frame, no "listening" line. */
function expectOneLine(result: Awaited<ReturnType<typeof runServer>>, what: RegExp, withinMs = 15_000) {
  expect(result.stdout).not.toContain('Services and site on');
  expect(result.code, result.stderr).toBe(1);
  expect(result.stderr).not.toMatch(/\n\s+at |^\s+at /m);
  const lines = result.stderr
    .split('\n')
    .filter(
      (line) => line.trim() !== '' && !line.includes('ExperimentalWarning') && !line.includes('--trace-warnings'),
    );
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toContain(dbPath);
  expect(lines[0]).toMatch(what);
  expect(result.ms).toBeLessThan(withinMs);
}

describe('a database the server cannot open at start', () => {
  test('a new file another process holds with BEGIN EXCLUSIVE: one line, exit 1', async () => {
    const before = await startAndStopMs();
    // Owner-only, as the server makes its database (a wider file would add a line about narrowing it).
    fs.writeFileSync(dbPath, '', { mode: 0o600 });
    holder = new DatabaseSync(dbPath);
    holder.exec('BEGIN EXCLUSIVE');
    const locked = await runServer();
    holder.close();
    holder = undefined;
    expectOneLine(locked, /locked.*DB_PATH/, await lockedBound(before));
  }, 120_000);

  test('a migrated database another process holds with BEGIN EXCLUSIVE: one line, exit 1', async () => {
    const before = await startAndStopMs();
    openDatabase(dbPath).close();
    holder = new DatabaseSync(dbPath);
    holder.exec('BEGIN EXCLUSIVE');
    const locked = await runServer();
    holder.close();
    holder = undefined;
    fs.rmSync(dbPath);
    expectOneLine(locked, /locked.*DB_PATH/, await lockedBound(before));
  }, 120_000);

  test('a file that is not a database: one line, exit 1, the file left as it was', async () => {
    fs.writeFileSync(dbPath, 'not a database '.repeat(400), { mode: 0o600 });
    expectOneLine(await runServer(), /not a database.*backup/);
    expect(fs.readFileSync(dbPath, 'utf8')).toBe('not a database '.repeat(400));
  }, 30_000);
});
