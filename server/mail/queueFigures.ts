import { sql, type Kysely, type RawBuilder } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import type { MailJobState } from './mailJobs.ts';
import type { IysSyncState } from '../iys/syncQueue.ts';

/** The states of mails not known to have arrived, listed as the oldest unsent ones (`cancelled` is no longer wanted). */
export const UNSENT_STATES: readonly MailJobState[] = ['queued', 'sending', 'failed', 'unknown'];

/**
 * The queue's figures as the shared database holds them, the same for every instance: what `npm run mail:status`
 * prints and `/service/metrics` exposes (docs/operations.md#monitoring), read by the same statements so both agree.
 */
export interface QueueFigures {
  /** Mail jobs by state (states without jobs are absent). */
  mailByState: Map<string, number>;
  /** When the oldest unsent mail ({@link UNSENT_STATES}) was queued, or undefined. */
  oldestUnsentAt: Date | undefined;
  /** İYS registrations by state. */
  iysByState: Map<IysSyncState | string, number>;
  /** Pending İYS registrations past their deadline. */
  iysPastDeadline: number;
}

/** A count per key. */
interface KeyCount {
  key: string;
  n: number;
}

/** Rows of `SELECT <key>, COUNT(*) AS n … GROUP BY <key>` as a map (counts as numbers on both engines). */
export function* countsBy(db: Kysely<SharedTables>, query: RawBuilder<KeyCount>): StatementSteps<Map<string, number>> {
  const rows = yield* rowsOfSql(db, query);
  return new Map(rows.map((row) => [row.key, Number(row.n)]));
}

/** The queue's figures at `now` (see {@link QueueFigures}); reads counts and times only, never a recipient or payload. */
export function* queueFigures(db: Kysely<SharedTables>, now: Date): StatementSteps<QueueFigures> {
  const mailByState = yield* countsBy(
    db,
    sql<KeyCount>`SELECT state AS key, COUNT(*) AS n FROM mail_jobs GROUP BY state`,
  );
  const [oldest] = yield* rowsOfSql(
    db,
    sql<{ at: string | null }>`SELECT MIN(created_at) AS at FROM mail_jobs WHERE state IN (${sql.join(UNSENT_STATES)})`,
  );
  const iysByState = yield* countsBy(
    db,
    sql<KeyCount>`SELECT state AS key, COUNT(*) AS n FROM iys_sync GROUP BY state`,
  );
  const [late] = yield* rowsOfSql(
    db,
    sql<{ overdue: number }>`SELECT COUNT(*) AS overdue FROM iys_sync WHERE state = 'pending'
      AND deadline < ${now.toISOString()}`,
  );
  return {
    mailByState,
    oldestUnsentAt: oldest?.at ? new Date(oldest.at) : undefined,
    iysByState,
    iysPastDeadline: Number(late?.overdue ?? 0),
  };
}
