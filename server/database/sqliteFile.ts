import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { migrateSharedSqlite } from './sharedDatabase.ts';
import { switchToWal } from './walMode.ts';
import { DATABASE_BUSY_TIMEOUT_MS, DATABASE_START_BUSY_TIMEOUT_MS } from '../databaseBusy.ts';
import { keepOwnerOnly, OWNER_ONLY_FILE_MODE, OWNER_ONLY_FOLDER_MODE } from '../ownerOnly.ts';

/** An open SQLite connection: the services' database file when `DATABASE_URL` is not set. */
export type SqliteConnection = DatabaseSync;

/**
 * Opens (and creates or migrates) the services' database. `:memory:` works for throwaway use. The file and its WAL
 * are owner-only (they hold the server secrets and personal data: docs/security.md#data-at-rest); erased data is
 * overwritten, not only unlinked (`secure_delete`).
 */
export function openDatabase(file: string): SqliteConnection {
  if (file !== ':memory:') {
    // A folder we create is owner-only; an existing one (a volume, the checkout's .data) is the operator's to set.
    if (!fs.existsSync(path.dirname(file)))
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER_MODE });
    // SQLite gives the WAL and shared-memory files the mode of the database file: create it owner-only first.
    fs.closeSync(fs.openSync(file, 'a', OWNER_ONLY_FILE_MODE));
    for (const part of ['', '-wal', '-shm']) keepOwnerOnly(`${file}${part}`, OWNER_ONLY_FILE_MODE);
  }
  const db = new DatabaseSync(file);
  // At start nothing is served yet: wait longer for another process (an instance starting beside this one).
  db.exec(`PRAGMA busy_timeout = ${DATABASE_START_BUSY_TIMEOUT_MS};`);
  switchToWal(db);
  db.exec('PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;');
  // The one schema track (server/database/sharedMigrations.ts), its first step the SQLite baseline, in one write
  // transaction: two instances starting together on one file apply each step once; the second finds it applied.
  migrateSharedSqlite(db);
  return db;
}

/**
 * Shortens the wait for another process's lock to what a request may wait ({@link DATABASE_BUSY_TIMEOUT_MS}): called
 * once the instance has done its start-up writes (migrations, seed) and is about to serve. Until then it waits the
 * start's longer time, so that an instance starting beside a busy one (seeding, taking the build lease) waits for it
 * instead of stopping.
 */
export function serveWithShortBusyWait(db: SqliteConnection): void {
  db.exec(`PRAGMA busy_timeout = ${DATABASE_BUSY_TIMEOUT_MS};`);
}

/**
 * Opens an existing database file read-only, without migrating it: for the operators' commands and the fault
 * scripts that look into a running server's file (`npm run mail:status`), beside it.
 */
export function openReadOnly(file: string): SqliteConnection {
  return new DatabaseSync(file, { readOnly: true });
}

/** Opens an existing database file for writing, as another program would, without migrating it (the fault scripts). */
export function openAsAnotherProgram(file: string): SqliteConnection {
  return new DatabaseSync(file);
}
