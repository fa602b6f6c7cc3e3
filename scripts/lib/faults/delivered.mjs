// What the faults bench counts as stored and mailed for a sign-up, in one place. A sign-up stores its confirmation
// mail as a job in the same transaction as its row, and the server's sender writes it into OUTBOX_DIR as an .eml
// file (docs/newsletter.md#mail-delivery); a mail counts once it is there, after the queue for these addresses has
// been worked off (a job queued when the server was killed is sent by the restarted one).
import fs from 'node:fs';
import path from 'node:path';
import { openReadOnly } from '../../../server/database/sqliteFile.ts';
import pg from 'pg';

/**
 * A read-only look at the services' database: the SQLite file at `dbPath`, or the PostgreSQL at `databaseUrl`.
 * Statements are written with `?` placeholders (numbered for PostgreSQL).
 * @param {{ dbPath?: string, databaseUrl?: string }} where
 * @returns {Promise<{ all: (sql: string, ...parameters: unknown[]) => Promise<Record<string, unknown>[]>, close: () => Promise<void> }>}
 */
export async function databaseReader({ dbPath, databaseUrl }) {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      all: async (sql, ...parameters) => {
        let index = 0;
        return (
          await client.query(
            sql.replace(/\?/g, () => `$${++index}`),
            parameters,
          )
        ).rows;
      },
      close: () => client.end(),
    };
  }
  const db = openReadOnly(/** @type {string} */ (dbPath));
  return {
    all: async (sql, ...parameters) => db.prepare(sql).all(...parameters),
    close: async () => db.close(),
  };
}

/**
 * The addresses among `emails` that have a subscriber row, and those a confirmation e-mail was written for.
 * @param {{ dbPath?: string, databaseUrl?: string, outboxDir: string }} where the database (either engine) and outbox
 * @param {Iterable<string>} emails
 * @param {{ waitMs?: number }} [options] how long to wait for the mail queue of these addresses to be worked off
 * @returns {Promise<{ rows: Set<string>, mails: Set<string> }>}
 */
export async function deliveredTo({ dbPath, databaseUrl, outboxDir }, emails, { waitMs = 60_000 } = {}) {
  const wanted = new Set([...emails].map((email) => email.toLowerCase()));
  const db = await databaseReader({ dbPath, databaseUrl });
  let rows;
  try {
    const pending = () => db.all("SELECT recipient FROM mail_jobs WHERE state IN ('queued', 'sending')");
    const until = Date.now() + waitMs;
    while ((await pending()).some((job) => wanted.has(String(job.recipient).toLowerCase())) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    rows = new Set(
      (await db.all('SELECT email FROM subscribers'))
        .map((row) => String(row.email).toLowerCase())
        .filter((email) => wanted.has(email)),
    );
  } finally {
    await db.close();
  }
  return { rows, mails: mailedAddresses(outboxDir, wanted) };
}

/** The addresses among `wanted` with a confirmation e-mail in the outbox (the `To:` header of each .eml file). */
function mailedAddresses(outboxDir, wanted) {
  return new Set(mailsPerAddress(outboxDir, wanted).keys());
}

/** How many e-mails the outbox holds for each address among `wanted` (the `To:` header of each .eml file). */
function mailsPerAddress(outboxDir, wanted) {
  /** @type {Map<string, number>} */
  const mailed = new Map();
  if (!fs.existsSync(outboxDir)) return mailed;
  for (const file of fs.readdirSync(outboxDir)) {
    if (!file.endsWith('.eml')) continue;
    const to = /^To: (.+)$/m
      .exec(fs.readFileSync(path.join(outboxDir, file), 'utf8'))?.[1]
      ?.trim()
      .toLowerCase();
    if (to && wanted.has(to)) mailed.set(to, (mailed.get(to) ?? 0) + 1);
  }
  return mailed;
}

/**
 * The addresses among `emails` that got more than one e-mail in the outbox: a sign-up mailed twice.
 * @param {string} outboxDir
 * @param {Iterable<string>} emails
 */
export function mailedTwice(outboxDir, emails) {
  const wanted = new Set([...emails].map((email) => email.toLowerCase()));
  return [...mailsPerAddress(outboxDir, wanted)].filter(([, count]) => count > 1).map(([email]) => email);
}
