import type { DatabaseSync } from 'node:sqlite';
import { DATABASE_BUSY_BACKOFF_MS, DatabaseBusyError, isDatabaseBusy } from '../databaseBusy.ts';

/** When each database was last found busy. */
const lastBusyAt = new WeakMap<DatabaseSync, number>();

/**
 * Begins a write transaction (`BEGIN IMMEDIATE`) unless the database was found busy less than
 * {@link DATABASE_BUSY_BACKOFF_MS} ago; a busy database throws {@link DatabaseBusyError} or SQLite's busy error.
 */
export function beginWrite(db: DatabaseSync, now = Date.now()): void {
  const busyAt = lastBusyAt.get(db);
  if (busyAt !== undefined && now - busyAt < DATABASE_BUSY_BACKOFF_MS) throw new DatabaseBusyError();
  try {
    db.exec('BEGIN IMMEDIATE');
    lastBusyAt.delete(db);
  } catch (error) {
    if (isDatabaseBusy(error)) lastBusyAt.set(db, Date.now());
    throw error;
  }
}

/**
 * Runs `work` in one SQLite transaction: everything it writes is committed together, or nothing is (an exception
 * rolls back and is rethrown). `BEGIN IMMEDIATE` takes the write lock at once, so two processes on one database
 * cannot both read a state and then act on it. While another process holds the lock, it waits only briefly and
 * then throws a busy error (server/databaseBusy.ts), which the routes answer with 503. Not reentrant.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  beginWrite(db);
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
