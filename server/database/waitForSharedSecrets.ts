import { loadSecrets } from '../secrets.ts';
import { databaseErrorReason, isDatabaseUnreachable } from './databaseUnreachable.ts';
import type { SharedDatabase } from './sharedDatabase.ts';

/** How often a starting instance asks an unreachable PostgreSQL again (docs/constants.md#timings). */
export const POSTGRES_START_RETRY_MS = 2000;

/**
 * At start on PostgreSQL (docs/operations.md#when-postgresql-is-down): applies the shared schema steps and reads the
 * shared secrets (`loadSecrets`), asking again every `POSTGRES_START_RETRY_MS` while PostgreSQL cannot be
 * reached, and saying so once. Any other failure (a wrong password, a missing database) ends the start with one line
 * naming `where` (host, port and database, never the password) and exit code 1.
 */
export async function waitForSharedSecrets(
  shared: SharedDatabase,
  where: string,
  { retryMs = POSTGRES_START_RETRY_MS, log = console } = {},
): Promise<void> {
  let said = false;
  for (;;) {
    try {
      await loadSecrets(shared);
      log.log(`Shared data on PostgreSQL at ${where}`);
      return;
    } catch (error) {
      const reason = databaseErrorReason(error);
      if (!isDatabaseUnreachable(error)) {
        log.error(`PostgreSQL at ${where} refused the start (${reason}): check DATABASE_URL, then start again.`);
        process.exit(1);
      }
      if (!said)
        log.error(
          `PostgreSQL at ${where} cannot be reached (${reason}): waiting for it, asking every ${retryMs / 1000} s.`,
        );
      said = true;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }
}
