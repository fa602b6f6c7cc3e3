// What the faults bench counts as stored and mailed for a sign-up. Mails are counted here, in one place: today a
// sign-up writes its confirmation e-mail into OUTBOX_DIR before it answers 201, so a mail is an .eml file there. Once
// mails are jobs a background sender works off, count the job rows instead (a job is the promise of a mail).
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * The addresses among `emails` that have a subscriber row, and those a confirmation e-mail was written for.
 * @param {{ dbPath: string, outboxDir: string }} folders
 * @param {Iterable<string>} emails
 * @returns {{ rows: Set<string>, mails: Set<string> }}
 */
export function deliveredTo({ dbPath, outboxDir }, emails) {
  const wanted = new Set([...emails].map((email) => email.toLowerCase()));
  const db = new DatabaseSync(dbPath, { readOnly: true });
  let rows;
  try {
    rows = new Set(db.prepare('SELECT email FROM subscribers').all().map((row) => String(row.email).toLowerCase()).filter((email) => wanted.has(email)));
  } finally {
    db.close();
  }
  return { rows, mails: mailedAddresses(outboxDir, wanted) };
}

/** The addresses among `wanted` with a confirmation e-mail in the outbox (the `To:` header of each .eml file). */
function mailedAddresses(outboxDir, wanted) {
  const mailed = new Set();
  if (!fs.existsSync(outboxDir)) return mailed;
  for (const file of fs.readdirSync(outboxDir)) {
    if (!file.endsWith('.eml')) continue;
    const to = /^To: (.+)$/m.exec(fs.readFileSync(path.join(outboxDir, file), 'utf8'))?.[1]?.trim().toLowerCase();
    if (to && wanted.has(to)) mailed.add(to);
  }
  return mailed;
}
