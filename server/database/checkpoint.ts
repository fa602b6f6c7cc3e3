import type { DatabaseSync } from 'node:sqlite';

/**
 * After personal data was erased (an unsubscribe): moves the WAL into the database and empties it, so the old copies
 * of the erased rows that the WAL still held are gone from disk as well (with `secure_delete`, the database file itself
 * keeps none). Best effort: a reader holding the WAL makes SQLite leave it for the next checkpoint.
 */
export function checkpointAfterErasure(db: DatabaseSync): void {
  try {
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } catch {
    // Busy: the next checkpoint (SQLite's automatic one, or the next erasure) takes them.
  }
}
