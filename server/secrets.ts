import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

/** Secrets already read, per database: a token check must never write (a held lock would stall every request). */
const loaded = new WeakMap<DatabaseSync, Map<string, string>>();

/**
 * A server secret: the configured one when set (`config.secrets`), else generated once and kept in the database, so
 * tokens stay valid across restarts without anyone having to configure anything. Read from the database on the first
 * call only; route factories call it at start so requests never touch the table.
 */
export function serverSecret(db: DatabaseSync, name: string, configured?: string): string {
  if (configured) return configured;
  let secrets = loaded.get(db);
  if (!secrets) loaded.set(db, (secrets = new Map()));
  let secret = secrets.get(name);
  if (secret === undefined) {
    db.prepare('INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)').run(
      name,
      randomBytes(32).toString('base64url'),
    );
    secret = (db.prepare('SELECT value FROM settings WHERE name = ?').get(name) as { value: string }).value;
    secrets.set(name, secret);
  }
  return secret;
}
