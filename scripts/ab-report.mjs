// npm run ab:report -- NAME [--json]: what an A/B test's groups did, per shop and group: visitors assigned, sign-ups,
// confirmed, the sign-up rate with its 95 % interval and the test against the first group, from the shared database
// (PostgreSQL at DATABASE_URL, else the SQLite file at DB_PATH) (docs/operations.md#ab-test-report). Counts only.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { abReport } from '../server/abtests/abReport.ts';
import { abReportText } from '../server/abtests/abReportText.ts';
import { abTestCalendar } from '../server/abtests/calendar.ts';
import { abTestNameSchema } from '../server/abtests/newAbTest.ts';
import { databaseErrorReason } from '../server/database/databaseUnreachable.ts';
import { readCommandConfig } from './lib/commandConfig.mjs';
import { openSharedDatabase } from './lib/releaseLease.mjs';

const USAGE = 'Usage: npm run ab:report -- NAME [--json]';

/** Stops with a message and exit code 1. */
function fail(message) {
  console.error(message);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean' } } });
} catch (error) {
  fail(`${error.message}\n${USAGE}`);
}
const [name, ...rest] = parsed.positionals;
if (name === undefined || rest.length) fail(USAGE);
if (!v.safeParse(abTestNameSchema, name).success) fail(`No A/B test named ${name.slice(0, 80)}.`);
const config = readCommandConfig();
if (!config.postgres && (config.dbPath === ':memory:' || !fs.existsSync(config.dbPath)))
  fail(`No database at ${config.dbPath} (DB_PATH): set DB_PATH or DATABASE_URL to the services’ database.`);
const opened = openSharedDatabase(config);
try {
  const test = await abTestCalendar(opened.shared).test(name);
  if (!test) {
    console.error(`No A/B test named ${name}.`);
    process.exitCode = 1;
  } else {
    const report = await abReport(opened.shared, test);
    console.log(parsed.values.json ? JSON.stringify(report, null, 2) : abReportText(report));
  }
} catch (error) {
  console.error(`Cannot read the A/B counts: ${databaseErrorReason(error)}`);
  process.exitCode = 1;
} finally {
  await opened.close();
}
