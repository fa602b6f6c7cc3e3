import type { DatabaseSync } from 'node:sqlite';
import { beginWrite } from './databaseBusy.ts';

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
