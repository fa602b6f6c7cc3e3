// npm run db:compact: rewrites the PostgreSQL tables that hold personal data (VACUUM FULL), so erased names and
// addresses leave the table files on disk, beside running instances (docs/operations.md#erasure-on-postgresql).
// Reads DATABASE_URL; on SQLite (no DATABASE_URL) there is nothing to do: erased rows are overwritten at once.
// Options: --lock-wait=<ms> (how long to wait for one table's lock per try), --attempts=<n> (tries per table).
import { parseArgs } from 'node:util';
import { COMPACT_LOCK_ATTEMPTS, COMPACT_LOCK_WAIT_MS, compactPersonalData } from '../server/database/compaction.ts';
import { databaseErrorReason } from '../server/database/databaseUnreachable.ts';
import { postgresLocation } from '../server/database/postgresLocation.ts';
import { readCommandConfig } from './lib/commandConfig.mjs';

const { values: flags } = parseArgs({
  options: {
    'lock-wait': { type: 'string', default: String(COMPACT_LOCK_WAIT_MS) },
    attempts: { type: 'string', default: String(COMPACT_LOCK_ATTEMPTS) },
  },
});
const lockWaitMs = Number(flags['lock-wait']);
const attempts = Number(flags.attempts);
if (!Number.isInteger(lockWaitMs) || lockWaitMs < 1 || !Number.isInteger(attempts) || attempts < 1) {
  console.error('--lock-wait and --attempts must be whole numbers from 1');
  process.exit(1);
}

const config = readCommandConfig();
if (!config.postgres) {
  console.log(
    `SQLite at ${config.dbPath}: nothing to compact. Erased rows are overwritten in place (secure_delete) and the WAL is checkpointed after each erasure (docs/security.md#data-at-rest).`,
  );
} else {
  const where = postgresLocation(config.postgres.url);
  console.log(`Compacting the tables with personal data of PostgreSQL at ${where}`);
  try {
    const tables = await compactPersonalData(config.postgres.url, {
      lockWaitMs,
      attempts,
      log: (line) => console.log(`  ${line}`),
    });
    const left = tables.filter((table) => table.skipped !== undefined);
    if (left.length > 0) {
      console.error(
        `${left.length} table(s) left as they were, their lock taken by long transactions: ${left.map((table) => table.table).join(', ')}. Run npm run db:compact again.`,
      );
      process.exitCode = 1;
    } else console.log('Done: no dead copy of an erased row is left in these tables’ files.');
  } catch (error) {
    console.error(`Cannot compact PostgreSQL at ${where}: ${databaseErrorReason(error)}`);
    process.exitCode = 1;
  }
}
