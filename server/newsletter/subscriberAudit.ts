import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { rowsOf } from '../database/atomicWork.ts';

/** What support did with an address (docs/commands.md#subscriber). */
export type AuditedAction = 'show' | 'export' | 'erase';

/** How many entries `npm run subscriber -- audit` lists (the newest). */
const AUDIT_LISTED = 200;

/**
 * The audit log of `npm run subscriber` (table `subscriber_audit`): each show, export and erase with its time, shops
 * and operator; never the address, so the log itself holds no personal data of the subscriber.
 */
export function subscriberAudit(database: SharedDatabase) {
  return {
    /** Records one action. */
    record: (action: AuditedAction, shops: readonly string[], operator: string, now = new Date()) =>
      database.run(function* (db) {
        yield db
          .insertInto('subscriber_audit')
          .values({ at: now.toISOString(), action, shops: shops.join(','), operator })
          .compile();
      }),
    /** The newest entries, oldest first, one a line: time, action, shops, operator. */
    async listed(): Promise<string> {
      const rows = await database.run((db) =>
        rowsOf(db.selectFrom('subscriber_audit').selectAll().orderBy('id', 'desc').limit(AUDIT_LISTED)),
      );
      if (rows.length === 0) return 'No export or erasure recorded yet.';
      return rows
        .reverse()
        .map((row) => `${row.at}  ${row.action.padEnd(6)}  ${row.shops.padEnd(8)}  by ${row.operator}`)
        .join('\n');
    },
  };
}
