import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, test } from 'vitest';
import { migrations, openDatabase } from './db.ts';

// The opens step (docs/newsletter.md#opens-and-the-tr-two-year-rule) on a database that already holds subscribers and
// their consent log: both stay, and the log accepts the new `LAPSED` entries.
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

test('a database from before the opens step keeps its subscribers and consent log, and gains last_opened_at', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-db-'));
  dirs.push(dir);
  const file = path.join(dir, 'old.sqlite');
  const old = new DatabaseSync(file);
  migrations.slice(0, -1).forEach((step) => old.exec(step));
  old.exec(`PRAGMA user_version = ${migrations.length - 1}`);
  old.exec(`INSERT INTO subscribers (id, email, consents, origin, origin_addition, site, status, created_at, updated_at)
            VALUES (7, 'alt@example.com', '[]', 'onsite', 'subsite', 'TR', 'SUBSCRIBED', 'x', 'x');
            INSERT INTO consent_events (subscriber_id, email, site, event, at, consents, legals, channel)
            VALUES (7, 'alt@example.com', 'TR', 'CONFIRMED', '2025-01-01T00:00:00.000Z', '[]', '[]', 'confirmation link');`);
  old.close();

  const db = openDatabase(file);
  try {
    expect(db.prepare('SELECT id, last_opened_at FROM subscribers').all()).toEqual([{ id: 7, last_opened_at: null }]);
    db.exec(`INSERT INTO consent_events (subscriber_id, email, site, event, at, consents, legals, channel)
             VALUES (7, 'alt@example.com', 'TR', 'LAPSED', '2027-01-01T00:00:00.000Z', '[]', '[]', 'no opens')`);
    expect(db.prepare('SELECT event FROM consent_events WHERE subscriber_id = 7 ORDER BY id').all()).toEqual([
      { event: 'CONFIRMED' },
      { event: 'LAPSED' },
    ]);
    // The log still goes with its subscriber.
    db.exec('DELETE FROM subscribers WHERE id = 7');
    expect(db.prepare('SELECT COUNT(*) AS n FROM consent_events').get()).toEqual({ n: 0 });
  } finally {
    db.close();
  }
});
