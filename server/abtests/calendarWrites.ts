import { sql } from 'kysely';
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
        const row = {
          name: test.name,
          starts_at: new Date(test.from).toISOString(),
          ends_at: new Date(test.to).toISOString(),
          groups: JSON.stringify(test.groups),
          weights: test.weights ? JSON.stringify(test.weights) : null,
          shops: test.shops ? JSON.stringify(test.shops.map((segment) => shopBySegment(segment)!.code)) : null,
        };
        // The insert itself decides: of two operators creating one name at once (on any instance, on either engine),
        // one inserts and the other finds it taken, never an error.
        const inserted = yield* rowsOf(
          db
            .insertInto('ab_tests')
            .values(row)
            .onConflict((conflict) => conflict.column('name').doNothing())
            .returning('name'),
        );
        if (inserted.length === 0) return { refused: 'exists' as const };
        return { created: storedAbTest(row) };
      });
    },
    async end(name, now = new Date()) {
      await database.ready();
      const at = now.toISOString();
      return database.atomically(function* (db) {
        // One conditional update decides, so two operators ending one test at once get one `ended`. A test not
        // started yet ends where it would have started: it never runs.
        const [ended] = yield* rowsOf(
          db
            .updateTable('ab_tests')
            .set({ starts_at: sql<string>`CASE WHEN starts_at > ${at} THEN ${at} ELSE starts_at END`, ends_at: at })
            .where('name', '=', name)
            .where('ends_at', '>', at)
            .returningAll(),
        );
        if (ended) return { ended: storedAbTest(ended) };
        const [known] = yield* rowsOf(db.selectFrom('ab_tests').select('name').where('name', '=', name));
        return { refused: known ? ('already_ended' as const) : ('unknown' as const) };
      });
    },
  };
}
