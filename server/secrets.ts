import { randomBytes } from 'node:crypto';
import { rowsOf } from './database/atomicWork.ts';
import { sharedDatabaseOf, type SharedDatabase } from './database/sharedDatabase.ts';
import type { SqliteConnection } from './database/sqliteFile.ts';

/** Secrets already read, per database: a token check must never write (a held lock would stall every request). */
const loaded = new WeakMap<SharedDatabase, Map<string, string>>();

/**
 * The secrets the services generate for themselves when none is configured: the login and long-term token keys, the
 * key of the plain forms' signed cookies, the key of the per-mail addresses' tags (server/mail/verp.ts) and the key
 * of the A/B visitors' hashes (server/abtests/abCounts.ts).
 */
export const GENERATED_SECRETS = ['loginToken', 'longTermToken', 'newsletterForms', 'mailTags', 'abVisitors'] as const;

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * Reads the generated secrets from the database (`settings`), making each that is missing; of several instances
 * starting together the first insert wins and all read it back (docs/operations.md#several-instances). Called once at
 * start, before the route factories ask {@link serverSecret}.
 */
export async function loadSecrets(database: SharedDatabase): Promise<void> {
  await database.ready();
  const secrets = await database.atomically(function* (db) {
    const found = new Map<string, string>();
    for (const name of GENERATED_SECRETS) {
      yield db
        .insertInto('settings')
        .values({ name, value: newSecret() })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .compile();
      const [row] = yield* rowsOf(db.selectFrom('settings').select('value').where('name', '=', name));
      found.set(name, row!.value);
    }
    return found;
  });
  loaded.set(database, secrets);
}

/**
 * A server secret: the configured one when set (`config.secrets`), else the one generated once and kept in the
 * database, so tokens stay valid across restarts without anyone having to configure anything. Answers from what
 * {@link loadSecrets} read at start, without touching the database. A test may pass the SQLite connection its server
 * opened: its data layer is the one the server loaded.
 */
export function serverSecret(source: SharedDatabase | SqliteConnection, name: string, configured?: string): string {
  if (configured) return configured;
  const database = 'kysely' in source ? source : sharedDatabaseOf(source);
  const secret = loaded.get(database)?.get(name);
  if (secret === undefined) throw new Error(`The secret ${name} is not loaded: call loadSecrets(database) at start.`);
  return secret;
}
