import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, expect, test } from 'vitest';
import { openDatabase, serveWithShortBusyWait } from './db.ts';
import { DATABASE_BUSY_TIMEOUT_MS } from './databaseBusy.ts';
import { sharedDatabaseOf } from './database/sharedDatabase.ts';
import { seedPromotions } from './promotion/seed.ts';
import { versionStoreOf } from './promotion/versionStore.ts';

// Two instances starting together on one SQLite file (docs/operations.md#databases): while one writes at start (its
// seed, its build lease), the other's start-up writes wait for it, as its migrations do, instead of stopping with
// "locked by another process". Only once it serves does a write wait as briefly as a request may.
let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Another connection (another instance) that holds the write lock for `ms`, on a thread of its own. */
function holdWriteLock(file: string, ms: number): Promise<{ released: Promise<void> }> {
  const worker = new Worker(
    `const { DatabaseSync } = require('node:sqlite');
     const { parentPort, workerData } = require('node:worker_threads');
     const db = new DatabaseSync(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     parentPort.postMessage('held');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { file, ms } },
  );
  const released = new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve({ released }));
    worker.once('error', reject);
  });
}

test('the start-up seed waits for a lock held longer than a request would wait', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-busy-wait-'));
  const file = path.join(dir, 'db.sqlite');
  const db = openDatabase(file);
  try {
    const held = await holdWriteLock(file, DATABASE_BUSY_TIMEOUT_MS * 5);
    const seeded = await seedPromotions(versionStoreOf(sharedDatabaseOf(db)));
    expect(seeded).toBeGreaterThan(0);
    await held.released;
  } finally {
    db.close();
  }
});

test('once serving, a write gives up after the short wait', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-busy-wait-'));
  const file = path.join(dir, 'db.sqlite');
  const db = openDatabase(file);
  try {
    serveWithShortBusyWait(db);
    const held = await holdWriteLock(file, DATABASE_BUSY_TIMEOUT_MS * 5);
    expect(() => db.exec('BEGIN IMMEDIATE')).toThrow(/locked/);
    await held.released;
  } finally {
    db.close();
  }
});
