import { shopBySegment } from '../../src/shared/countries.ts';
import { rowsOf } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { storedAbTest, type StoredAbTest } from './calendar.ts';
import type { NewAbTest } from './newAbTest.ts';

/** What creating a test came to: the stored test, or why not. */
export type CreateOutcome = { created: StoredAbTest } | { refused: 'exists' };

/** What ending a test came to: the test as it now stands, or why not. */
export type EndOutcome = { ended: StoredAbTest } | { refused: 'unknown' | 'already_ended' };

/** Operators' changes to the A/B calendar (docs/operations.md#ab-tests), each in one transaction. */
export interface AbTestCalendarWrites {
  /** Stores a new test; a name already in the calendar (running, scheduled or ended) is refused. */
  create(test: NewAbTest): Promise<CreateOutcome>;
  /**
   * Ends a test at `now`: it stops running for every instance at once. A test that has not started yet is ended
   * before it starts (it never runs); one that has ended already is refused.
   */
  end(name: string, now?: Date): Promise<EndOutcome>;
}

/** The calendar's writes, in `database`. */
export function abTestCalendarWrites(database: SharedDatabase): AbTestCalendarWrites {
  return {
    async create(test) {
      await database.ready();
      return database.atomically(function* (db) {
        // Checked inside the transaction that inserts: two operators creating one name get one test.
        const [existing] = yield* rowsOf(db.selectFrom('ab_tests').select('name').where('name', '=', test.name));
        if (existing) return { refused: 'exists' as const };
        const row = {
          name: test.name,
          starts_at: new Date(test.from).toISOString(),
          ends_at: new Date(test.to).toISOString(),
          groups: JSON.stringify(test.groups),
          weights: test.weights ? JSON.stringify(test.weights) : null,
          shops: test.shops ? JSON.stringify(test.shops.map((segment) => shopBySegment(segment)!.code)) : null,
        };
        yield db.insertInto('ab_tests').values(row).compile();
        return { created: storedAbTest(row) };
      });
    },
    async end(name, now = new Date()) {
      await database.ready();
      const at = now.toISOString();
      return database.atomically(function* (db) {
        const [row] = yield* rowsOf(db.selectFrom('ab_tests').selectAll().where('name', '=', name));
        if (!row) return { refused: 'unknown' as const };
        if (row.ends_at <= at) return { refused: 'already_ended' as const };
        // Not started yet: it ends where it would have started, so it never runs.
        const startsAt = row.starts_at > at ? at : row.starts_at;
        yield db.updateTable('ab_tests').set({ starts_at: startsAt, ends_at: at }).where('name', '=', name).compile();
        return { ended: storedAbTest({ ...row, starts_at: startsAt, ends_at: at }) };
      });
    },
  };
}
