// Where the SQLite file is opened, kept for the tools and tests that import it from here: the data layer lives in
// server/database/ (docs/architecture.md#the-data-layer).
export { openDatabase, serveWithShortBusyWait, type SqliteConnection } from './database/sqliteFile.ts';
export { SQLITE_BASELINE_STEPS as migrations, MIGRATED_VERSIONS_VALID_FROM } from './database/sqliteBaseline.ts';
