/** SQLite's primary result codes the start-up explains (https://sqlite.org/rescode.html). */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** What `node:sqlite` throws: `errcode` is SQLite's (possibly extended) result code, `errstr` its text. */
interface SqliteError {
  code: 'ERR_SQLITE_ERROR';
  errcode: number;
  errstr: string;
}

function isSqliteError(error: unknown): error is SqliteError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'ERR_SQLITE_ERROR' &&
    typeof (error as { errcode?: unknown }).errcode === 'number'
  );
}

/**
 * The one line the server prints when opening, migrating or seeding the database at start fails because another
 * process holds it locked or the file is damaged: what happened, which file, what to do (docs/errors.md#start-up-errors).
 * Undefined for any other error, which keeps its stack trace.
 */
export function databaseStartProblem(file: string, error: unknown): string | undefined {
  if (!isSqliteError(error)) return undefined;
  // Extended codes (e.g. SQLITE_BUSY_RECOVERY, 261) carry the primary code in their low byte.
  const primary = error.errcode & 0xff;
  if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) {
    return `The database ${file} is locked by another process (${error.errstr}): stop the other server or program that has it open, or set DB_PATH to another file, then start again.`;
  }
  if (primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB) {
    return `The database ${file} is damaged or not a database (${error.errstr}): move it away and restore it from a backup, or set DB_PATH to another file (a new one starts empty), then start again.`;
  }
  return undefined;
}
