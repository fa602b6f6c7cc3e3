import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type { SharedDatabase } from './database/sharedDatabase.ts';

/** Secrets already read, per database: a token check must never write (a held lock would stall every request). */
const loaded = new WeakMap<DatabaseSync, Map<string, string>>();

/**
 * The secrets the services generate for themselves when none is configured: the login and long-term token keys, the
 * key of the plain forms' signed cookies, and the key of the per-mail addresses' tags (server/mail/verp.ts).
 */
export const GENERATED_SECRETS = ['loginToken', 'longTermToken', 'newsletterForms', 'mailTags'] as const;

function secretsOf(db: DatabaseSync): Map<string, string> {
  let secrets = loaded.get(db);
  if (!secrets) loaded.set(db, (secrets = new Map()));
  return secrets;
}

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * A server secret: the configured one when set (`config.secrets`), else generated once and kept in the database, so
 * tokens stay valid across restarts without anyone having to configure anything. Read from the database on the first
 * call only; route factories call it at start so requests never touch the table. With a shared PostgreSQL, the
 * secrets come from there (`loadSharedSecrets`, at start), so every instance signs and checks alike.
 */
export function serverSecret(db: DatabaseSync, name: string, configured?: string): string {
  if (configured) return configured;
  const secrets = secretsOf(db);
  let secret = secrets.get(name);
  if (secret === undefined) {
    db.prepare('INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)').run(name, newSecret());
    secret = (db.prepare('SELECT value FROM settings WHERE name = ?').get(name) as { value: string }).value;
    secrets.set(name, secret);
  }
  return secret;
}

/**
 * Reads the generated secrets from the shared database (docs/operations.md#several-instances), making each that is
 * missing: the one this instance's SQLite file kept, if any (tokens it signed stay valid when a shop moves to
 * PostgreSQL), else a new one. Of several instances starting together, the first insert wins and all read it back.
 * Afterwards `serverSecret(db, …)` answers these, without touching either database.
 */
export async function loadSharedSecrets(shared: SharedDatabase, db: DatabaseSync): Promise<void> {
  await shared.ready();
  const secrets = secretsOf(db);
  for (const name of GENERATED_SECRETS) {
    const kept = db.prepare('SELECT value FROM settings WHERE name = ?').get(name) as { value: string } | undefined;
    await shared.kysely
      .insertInto('settings')
      .values({ name, value: kept?.value ?? newSecret() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const row = await shared.kysely
      .selectFrom('settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    secrets.set(name, row.value);
  }
}
