import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect } from 'vitest';
import { readTestSite } from '../../../src/shared/config.ts';

const dataDir = readTestSite()!.dataDir;

/**
 * The mails the services queued for `email` by kind, read from the site's database (read-only, beside the running
 * server). A sign-up queues its mail in the same transaction that stores it, so what a request answered has queued
 * is counted here at once, with no wait for the sender.
 */
export function mailJobsTo(email: string): Record<string, number> {
  const db = new DatabaseSync(path.join(dataDir, 'test.sqlite'), { readOnly: true });
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

/** Waits until every mail queued for `email` has been handed over (sent or given up), then counts them by kind. */
export async function settledMailsTo(email: string): Promise<Record<string, number>> {
  const unsent = () => {
    const db = new DatabaseSync(path.join(dataDir, 'test.sqlite'), { readOnly: true });
    try {
      db.exec('PRAGMA busy_timeout = 5000');
      return (
        db
          .prepare("SELECT COUNT(*) AS n FROM mail_jobs WHERE recipient = ? AND state IN ('queued', 'sending')")
          .get(email) as { n: number }
      ).n;
    } finally {
      db.close();
    }
  };
  await expect.poll(unsent, { timeout: 15_000, message: `mails to ${email} still unsent` }).toBe(0);
  return mailJobsTo(email);
}
