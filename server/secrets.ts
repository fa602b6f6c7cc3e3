import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

/**
 * A server secret: from the environment variable `envName` when set, else generated once and kept in the
 * database, so tokens stay valid across restarts without anyone having to configure anything.
 */
export function serverSecret(db: DatabaseSync, name: string, envName: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  db.prepare('INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)').run(name, randomBytes(32).toString('base64url'));
  return (db.prepare('SELECT value FROM settings WHERE name = ?').get(name) as { value: string }).value;
}
