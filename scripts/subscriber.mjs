// npm run subscriber -- show|export|erase ADDRESS [--yes] [--by NAME] | audit: support's look at, export and
// erasure of an address in every shop, and the audit log of them (docs/commands.md#subscriber). Works on
// PostgreSQL at DATABASE_URL, else on the SQLite file at DB_PATH, beside a running server. A TR erasure tells İYS
// `RET` first: IYS_URL, else the running server's stand-in.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/database/sqliteFile.ts';
import { databaseErrorReason } from '../server/database/databaseUnreachable.ts';
import { postgresLocation } from '../server/database/postgresLocation.ts';
import { openPostgresDatabase, sharedDatabaseOf } from '../server/database/sharedDatabase.ts';
import { iysClient } from '../server/iys/client.ts';
import { subscriberCommand } from '../server/newsletter/subscriberCommand.ts';
import { ownOrigin } from '../server/publish/serverPublisher.ts';
import { readOperatorName } from '../src/shared/config.ts';
import { readCommandConfig } from './lib/commandConfig.mjs';
import { root } from './lib/services.mjs';

const config = readCommandConfig();
const iys = iysClient({ ...config.iys, url: config.iys.url ?? `${ownOrigin(config.host, config.port)}/service/iys` });
const output = { out: (text) => console.log(text), err: (text) => console.error(text) };
const argv = process.argv.slice(2);
const operator = readOperatorName();

if (config.postgres) {
  const database = openPostgresDatabase({ ...config.postgres, poolSize: 1 });
  try {
    await database.ready();
    process.exitCode = await subscriberCommand(database, iys, argv, operator, output);
  } catch (error) {
    console.error(`PostgreSQL at ${postgresLocation(config.postgres.url)}: ${databaseErrorReason(error)}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
} else {
  const file = config.dbPath;
  const shown = file.startsWith(root + path.sep) ? path.relative(root, file) : file;
  if (file === ':memory:' || !fs.existsSync(file)) {
    console.error(`No database at ${shown} (DB_PATH): start the services once (npm start) or set DB_PATH.`);
    process.exit(1);
  }
  const db = openDatabase(file);
  try {
    process.exitCode = await subscriberCommand(sharedDatabaseOf(db), iys, argv, operator, output);
  } finally {
    db.close();
  }
}
