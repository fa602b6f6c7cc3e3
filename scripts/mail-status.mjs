// npm run mail:status: the mail queue at a glance, read from PostgreSQL at DATABASE_URL, else from the database at
// DB_PATH, opened read-only (it works beside a running server and never creates the file): mails by state, the
// oldest unsent ones with their last error (recipients masked), suppressions by reason and the İYS backlog
// (docs/operations.md#mail-outbox-operators).
import fs from 'node:fs';
import path from 'node:path';
import { openReadOnly } from '../server/database/sqliteFile.ts';
import { mailStatusReport } from '../server/mail/mailStatus.ts';
import { databaseErrorReason } from '../server/database/databaseUnreachable.ts';
import { postgresLocation } from '../server/database/postgresLocation.ts';
import { openPostgresDatabase, sharedDatabaseOf } from '../server/database/sharedDatabase.ts';
import { readCommandConfig } from './lib/commandConfig.mjs';
import { root } from './lib/services.mjs';

const config = readCommandConfig();
if (config.postgres) {
  // The newsletter's mail lives in PostgreSQL; read it without migrating anything.
  const database = openPostgresDatabase({ ...config.postgres, poolSize: 1 });
  try {
    const report = await mailStatusReport(database);
    console.log(
      `Mail status of PostgreSQL at ${postgresLocation(config.postgres.url)} at ${new Date().toISOString()}\n`,
    );
    console.log(report);
  } catch (error) {
    console.error(
      `Cannot read the mail status from PostgreSQL at ${postgresLocation(config.postgres.url)}: ${databaseErrorReason(error)}`,
    );
    process.exitCode = 1;
  } finally {
    await database.close();
  }
} else {
  const file = config.dbPath;
  const shown = file.startsWith(root + path.sep) ? path.relative(root, file) : file;
  if (file === ':memory:' || !fs.existsSync(file)) {
    console.error(
      `No database at ${shown} (DB_PATH): start the services once (npm start) or set DB_PATH to their database.`,
    );
    process.exit(1);
  }
  const db = openReadOnly(file);
  db.exec('PRAGMA busy_timeout = 2000');
  try {
    console.log(`Mail status of ${shown} at ${new Date().toISOString()}\n`);
    console.log(await mailStatusReport(sharedDatabaseOf(db)));
  } finally {
    db.close();
  }
}
