import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readTestSite } from '../../src/shared/config.ts';

/**
 * The mails the site under test queued for `email`, counted by kind from its database (read-only, beside the running
 * server). A sign-up or a confirmation queues its mail in the same transaction that stores it, so what a request has
 * answered is counted here at once, with no wait for the sender: a second mail would already be there.
 */
export function mailJobsTo(email: string): Record<string, number> {
  const site = readTestSite();
  if (!site) throw new Error('No site under test was handed on (TEST_SITE_ORIGIN and DATA_DIR).');
  const db = new DatabaseSync(path.join(site.dataDir, 'test.sqlite'), { readOnly: true });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const rows = db
      .prepare('SELECT kind, COUNT(*) AS n FROM mail_jobs WHERE recipient = ? GROUP BY kind')
      .all(email) as { kind: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
  } finally {
    db.close();
  }
}
