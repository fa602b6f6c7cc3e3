import { sql, type Kysely } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { DEFERRED_UNTIL, type MailJobState } from './mailJobs.ts';
import { suppressionReasons } from './suppressions.ts';
import { iysSyncStates } from '../iys/syncQueue.ts';
import { maskAddress, maskAddressesIn } from './maskAddresses.ts';
import { countsBy, queueFigures, UNSENT_STATES, type QueueFigures } from './queueFigures.ts';

/** Every state of a mail job, in the order `npm run mail:status` lists them (docs/operations.md#mail-outbox-operators). */
export const MAIL_JOB_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown', 'cancelled'] as const;
// Fails to compile when MailJobState gains a state this list lacks.
const everyStateListed: [Exclude<MailJobState, (typeof MAIL_JOB_STATES)[number]>] extends [never] ? true : false = true;
void everyStateListed;

export { UNSENT_STATES } from './queueFigures.ts';

/** How many unsent mails the report lists (the oldest first). */
const OLDEST_UNSENT_LISTED = 10;

/** Longest last error shown, in characters; longer ones are cut with `…`. */
const ERROR_SHOWN_MAX = 100;

/** A duration as `2d 3h`, `3h 12m`, `12m` or `40s`. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [days, hours, minutes] = [
    Math.floor(seconds / 86400),
    Math.floor(seconds / 3600) % 24,
    Math.floor(seconds / 60) % 60,
  ];
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m`;
  return `${seconds}s`;
}

/** Rows as plain text: columns padded to their widest cell, two spaces apart, numbers right-aligned. */
function aligned(rows: readonly (readonly (string | number)[])[]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows.map((row) =>
    row
      .map((cell, column) =>
        typeof cell === 'number' ? String(cell).padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd(),
  );
}

/** A count per key. */
interface KeyCount {
  key: string;
  n: number;
}

function mailsByState({ mailByState: counts }: QueueFigures): string[] {
  return ['Mails by state', ...aligned(MAIL_JOB_STATES.map((state) => [`  ${state}`, counts.get(state) ?? 0]))];
}

/**
 * The confirmation mails a cap deferred (docs/newsletter.md#rate-limit): stored sign-ups whose mail waits until the
 * caps allow it (they count as `queued` above too), and how long the oldest has waited.
 */
function* deferredByCaps(db: Kysely<SharedTables>, now: Date): StatementSteps<string[]> {
  const [row] = yield* rowsOfSql(
    db,
    sql<{ n: number; oldest: string | null }>`SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM mail_jobs
      WHERE state = 'queued' AND next_attempt_at = ${DEFERRED_UNTIL}`,
  );
  const oldest = row?.oldest ? formatAge(now.getTime() - Date.parse(row.oldest)) : '-';
  return [
    'Confirmation mails deferred by the caps (sent once they allow)',
    ...aligned([
      ['  deferred', Number(row?.n ?? 0)],
      ['  oldest waiting', oldest],
    ]),
  ];
}

function* oldestUnsent(db: Kysely<SharedTables>, now: Date): StatementSteps<string[]> {
  const rows = yield* rowsOfSql(
    db,
    sql<{
      id: number;
      kind: string;
      state: string;
      recipient: string;
      attempts: number;
      created_at: string;
      last_error: string | null;
    }>`SELECT id, kind, CASE WHEN next_attempt_at = ${DEFERRED_UNTIL} THEN 'deferred' ELSE state END AS state,
         recipient, attempts, created_at, last_error FROM mail_jobs
       WHERE state IN (${sql.join(UNSENT_STATES)}) ORDER BY created_at, id LIMIT ${sql.lit(OLDEST_UNSENT_LISTED)}`,
  );
  const title = `Oldest unsent mails (${UNSENT_STATES.join(', ')}; at most ${OLDEST_UNSENT_LISTED})`;
  if (rows.length === 0) return [title, '  (none)'];
  const error = (text: string | null) => {
    const shown = maskAddressesIn((text ?? '').replace(/\s+/g, ' ').trim());
    return shown.length > ERROR_SHOWN_MAX ? `${shown.slice(0, ERROR_SHOWN_MAX - 1)}…` : shown || '-';
  };
  return [
    title,
    ...aligned([
      ['  id', 'kind', 'state', 'to', 'age', 'attempts', 'last error'],
      ...rows.map((row) => [
        `  ${row.id}`,
        row.kind,
        row.state,
        maskAddress(row.recipient),
        formatAge(now.getTime() - Date.parse(row.created_at)),
        row.attempts,
        error(row.last_error),
      ]),
    ]),
  ];
}

/** Suppressions by reason (docs/newsletter.md#suppression), every reason listed, 0 where none. */
function* suppressionsByReason(db: Kysely<SharedTables>): StatementSteps<string[]> {
  const counts = yield* countsBy(
    db,
    sql<KeyCount>`SELECT reason AS key, COUNT(*) AS n FROM suppressions GROUP BY reason`,
  );
  return [
    'Suppressions by reason',
    ...aligned(suppressionReasons.map((reason) => [`  ${reason}`, counts.get(reason) ?? 0])),
  ];
}

/** The İYS backlog (docs/operations.md#iys): registrations by state, and the pending ones past their deadline. */
function iysBacklog({ iysByState: counts, iysPastDeadline: overdue }: QueueFigures): string[] {
  return [
    'İYS registrations by state',
    ...aligned([
      ...iysSyncStates.map((state) => [`  ${state}`, counts.get(state) ?? 0] as const),
      ['  pending past deadline', overdue],
    ]),
  ];
}

/**
 * The report `npm run mail:status` prints (docs/operations.md#mail-outbox-operators): mails by state, the
 * confirmation mails deferred by the caps, the oldest unsent ones with their last error, suppressions by reason and the İYS backlog. Recipients are masked; payloads
 * (which hold the links' tokens) are never read.
 */
export function mailStatusReport(database: SharedDatabase, now = new Date()): Promise<string> {
  return database.run(function* (db) {
    const figures = yield* queueFigures(db, now);
    return [
      ...mailsByState(figures),
      '',
      ...(yield* deferredByCaps(db, now)),
      '',
      ...(yield* oldestUnsent(db, now)),
      '',
      ...(yield* suppressionsByReason(db)),
      '',
      ...iysBacklog(figures),
    ].join('\n');
  });
}
