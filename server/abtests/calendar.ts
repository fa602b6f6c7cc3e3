import type { AbTest } from '../../src/shared/preview/schemas.ts';
import { rowsOf } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';

/** One test of the calendar as stored: its groups and when it ends. */
export interface StoredAbTest {
  groups: string[];
  endsAt: string;
}

/** The A/B test calendar (`ab_tests`), in the shared data layer: every instance reads the same tests. */
export interface AbTestCalendar {
  /** The tests running at an instant (start inclusive, end exclusive), by name. */
  testsAt(instant: string): Promise<AbTest[]>;
  /** One test by name, running or not, or undefined. */
  test(name: string): Promise<StoredAbTest | undefined>;
}

/** The calendar kept in `database`. */
export function abTestCalendar(database: SharedDatabase): AbTestCalendar {
  return {
    async testsAt(instant) {
      const iso = new Date(instant).toISOString();
      await database.ready();
      const rows = await database.run(function* (db) {
        return yield* rowsOf(
          db
            .selectFrom('ab_tests')
            .select(['name', 'groups'])
            .where('starts_at', '<=', iso)
            .where('ends_at', '>', iso)
            .orderBy('name'),
        );
      });
      return rows.map((row) => ({
        name: row.name,
        groups: (JSON.parse(row.groups) as string[]).map((name) => ({ name })),
      }));
    },
    async test(name) {
      await database.ready();
      const [row] = await database.run(function* (db) {
        return yield* rowsOf(db.selectFrom('ab_tests').select(['groups', 'ends_at']).where('name', '=', name));
      });
      return row && { groups: JSON.parse(row.groups) as string[], endsAt: row.ends_at };
    },
  };
}
