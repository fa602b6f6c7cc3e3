import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, test } from 'vitest';
import { isDatabaseBusy } from '../databaseBusy.ts';
import { switchToWal } from './walMode.ts';

// Two instances started together on a new SQLite file: one held the file's write lock while the other switched it to
// WAL, and SQLite refused the switch at once, without waiting its busy time-out; the instance exited. The other
// instance is played here by a second connection that holds the write lock until the switch has been refused once.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new database file (not yet in WAL mode) with a table, and a second connection to it, as another process's. */
function newFileWithAnotherWriter() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-mode-'));
  dirs.push(dir);
  const file = path.join(dir, 'db.sqlite');
  const other = new DatabaseSync(file);
  other.exec('CREATE TABLE steps (id INTEGER)');
  const db = new DatabaseSync(file);
  db.exec('PRAGMA busy_timeout = 5000');
  return { other, db };
}

test('while another connection holds the write lock, the switch waits for it and then succeeds', () => {
  const { other, db } = newFileWithAnotherWriter();
  other.exec('BEGIN IMMEDIATE');
  const pauses: number[] = [];
  switchToWal(db, {
    pause: (ms) => {
      pauses.push(ms);
      // The other instance finishes its step after the second refusal.
      if (pauses.length === 2) other.exec('COMMIT');
    },
  });
  expect(pauses).toEqual([10, 20]);
  expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
});

test('a lock held past the start’s wait ends in the busy error the start-up explains', () => {
  const { other, db } = newFileWithAnotherWriter();
  other.exec('BEGIN IMMEDIATE');
  let clock = 0;
  const pauses: number[] = [];
  const refused = (() => {
    try {
      switchToWal(db, { waitMs: 1000, now: () => clock, pause: (ms) => pauses.push((clock += ms)) });
    } catch (error) {
      return error;
    }
  })();
  expect(isDatabaseBusy(refused)).toBe(true);
  // Pauses that double up to 200 ms, none past the wait.
  expect(pauses).toEqual([10, 30, 70, 150, 310, 510, 710, 910]);
  other.exec('ROLLBACK');
});

test('the connection’s busy time-out is as it was after the switch', () => {
  const { db } = newFileWithAnotherWriter();
  switchToWal(db, { waitMs: 1000 });
  expect(db.prepare('PRAGMA busy_timeout').get()).toEqual({ timeout: 5000 });
});

test('where SQLite itself waits (another process’s exclusive lock), it waits only what is left of the one wait', () => {
  const { other, db } = newFileWithAnotherWriter();
  other.exec('BEGIN EXCLUSIVE');
  const started = Date.now();
  expect(() => switchToWal(db, { waitMs: 300 })).toThrow(/locked/);
  // The connection's own busy time-out is 5 s: a try with it would have taken that long.
  expect(Date.now() - started).toBeLessThan(5000);
  other.exec('ROLLBACK');
});
