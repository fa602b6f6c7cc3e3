import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from './sqliteFile.ts';
import { sharedDatabaseOf } from './sharedDatabase.ts';
import { sharedMigrations } from './sharedMigrations.ts';
import { loadSecrets, serverSecret } from '../secrets.ts';

// Data files from before the one schema track (docs/architecture.md#the-data-layer), as those releases left them
// (server/database/fixtures/): `storefront-v14.sqlite` at `user_version` 14 with the shared steps 0001–0009 in
// `schema_steps`, `storefront-v5.sqlite` at `user_version` 5 with none. A copy of each is opened by this release: it
// keeps its data, gains every step it lacks, and applies none twice.
const fixtures = path.join(import.meta.dirname, 'fixtures');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A copy of the fixture `name` in a temporary folder, owner-only as the server keeps its files. */
function copyOf(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'old-file-'));
  dirs.push(dir);
  const file = path.join(dir, name);
  fs.copyFileSync(path.join(fixtures, name), file);
  fs.chmodSync(file, 0o600);
  return file;
}

const allSteps = sharedMigrations.map((step) => step.name);

test('a file at user_version 14 is taken as migrated: its data and secrets stay, the new steps are added', async () => {
  const db = openDatabase(copyOf('storefront-v14.sqlite'));
  try {
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 14 });
    const steps = db.prepare('SELECT name FROM schema_steps ORDER BY name').all() as { name: string }[];
    expect(steps.map((step) => step.name)).toEqual([...allSteps].sort());
    expect(db.prepare('SELECT email, first_name, site FROM subscribers').all()).toEqual([
      { email: 'kept@example.com', first_name: 'Erika', site: 'DE' },
    ]);
    // Tokens signed before the upgrade stay valid: the kept secret is the one served.
    const shared = sharedDatabaseOf(db);
    await loadSecrets(shared);
    expect(serverSecret(shared, 'loginToken')).toBe('kept-login-secret');
    // The calendar was already there; the step that brings it to PostgreSQL added nothing twice.
    expect(db.prepare('SELECT COUNT(*) AS n FROM ab_tests').get()).toEqual({ n: 4 });
    // An address is still unique whatever its case.
    expect(() =>
      db
        .prepare(
          `INSERT INTO subscribers (email, consents, origin, origin_addition, site, status, created_at, updated_at)
           VALUES ('KEPT@example.com', '[]', 'onsite', 'subsite', 'DE', 'SUBSCRIBED', 'x', 'x')`,
        )
        .run(),
    ).toThrow(/UNIQUE/);
  } finally {
    db.close();
  }
});

test('a file at user_version 5 gets the rest of the baseline and every step after it, its subscriber kept', () => {
  const file = copyOf('storefront-v5.sqlite');
  const db = openDatabase(file);
  try {
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: 14 });
    const steps = db.prepare('SELECT name FROM schema_steps ORDER BY name').all() as { name: string }[];
    expect(steps.map((step) => step.name)).toEqual([...allSteps].sort());
    expect(db.prepare('SELECT email, first_name, last_opened_at FROM subscribers').all()).toEqual([
      { email: 'older@example.com', first_name: 'Anna', last_opened_at: null },
    ]);
    for (const table of [
      'consent_events',
      'promotion_versions',
      'mail_jobs',
      'vouchers',
      'iys_sync',
      'throttle_windows',
    ])
      expect(
        db.prepare('SELECT name FROM sqlite_master WHERE type = ? AND name = ?').get('table', table),
      ).toBeDefined();
  } finally {
    db.close();
  }
  // Opened again: nothing left to apply.
  const again = openDatabase(file);
  try {
    expect(again.prepare('SELECT COUNT(*) AS n FROM schema_steps').get()).toEqual({ n: allSteps.length });
  } finally {
    again.close();
  }
});
