import type { DatabaseSync } from 'node:sqlite';
import { DATABASE_START_BUSY_TIMEOUT_MS, isDatabaseBusy } from '../databaseBusy.ts';

/** How long the first retry waits; each next one twice as long, up to {@link WAL_SWITCH_MAX_PAUSE_MS}. */
const WAL_SWITCH_FIRST_PAUSE_MS = 10;
/** The longest pause between two tries. */
const WAL_SWITCH_MAX_PAUSE_MS = 200;

/** Blocks the thread for `ms`: at start nothing is served yet, and opening the database is synchronous. */
function pauseThread(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** How {@link switchToWal} waits and tells the time; tests pass their own. */
export interface WalSwitchTiming {
  waitMs?: number;
  pause?: (ms: number) => void;
  now?: () => number;
}

/**
 * Puts the database file into WAL mode, waiting up to `waitMs` (the start's busy time-out) for another process.
 * SQLite does not call its busy handler for this switch while another connection holds the write lock of a file not
 * yet in WAL mode (two instances starting together on a new file): it answers "database is locked" at once. So the
 * switch is tried again, with pauses that double, until it succeeds or the time is up; then the busy error is thrown
 * (docs/errors.md#start-up-errors).
 */
export function switchToWal(db: DatabaseSync, timing: WalSwitchTiming = {}): void {
  const { waitMs = DATABASE_START_BUSY_TIMEOUT_MS, pause = pauseThread, now = Date.now } = timing;
  const deadline = now() + waitMs;
  // Where SQLite does wait (another process's exclusive lock), each try waits only what is left of the one wait.
  const { timeout: busyTimeoutMs } = db.prepare('PRAGMA busy_timeout').get() as { timeout: number };
  try {
    for (let pauseMs = WAL_SWITCH_FIRST_PAUSE_MS; ; pauseMs = Math.min(pauseMs * 2, WAL_SWITCH_MAX_PAUSE_MS)) {
      db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.min(busyTimeoutMs, Math.ceil(deadline - now())))}`);
      try {
        db.exec('PRAGMA journal_mode = WAL');
        return;
      } catch (error) {
        if (!isDatabaseBusy(error) || now() + pauseMs > deadline) throw error;
        pause(pauseMs);
      }
    }
  } finally {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
  }
}
