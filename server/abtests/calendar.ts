import type { AbTest } from '../../src/shared/preview/schemas.ts';
import { rowsOf } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { weightsOf } from './newAbTest.ts';

/** One test of the calendar as stored: its groups with their shares, when it runs and in which shops. */
export interface StoredAbTest {
  name: string;
  groups: string[];
  /** Each group's share of visitors in percent, in the order of `groups`; they sum to 100. */
  weights: number[];
  startsAt: string;
  endsAt: string;
  /** The shop codes it runs in; undefined: every shop. */
  shops?: string[];
}

/** The A/B test calendar (`ab_tests`), in the shared data layer: every instance reads the same tests. */
export interface AbTestCalendar {
  /** The tests running at an instant (start inclusive, end exclusive), by name. */
  testsAt(instant: string): Promise<AbTest[]>;
  /** The tests running at an instant with their shares and shops, by name. */
  runningAt(instant: string): Promise<StoredAbTest[]>;
  /** One test by name, running or not, or undefined. */
  test(name: string): Promise<StoredAbTest | undefined>;
  /** Every test, scheduled, running or ended, by start. */
  list(): Promise<StoredAbTest[]>;
}

/** A row of `ab_tests` as the calendar answers it. */
export function storedAbTest(row: SharedTables['ab_tests']): StoredAbTest {
  const groups = JSON.parse(row.groups) as string[];
  return {
    name: row.name,
    groups,
    weights: weightsOf(groups, row.weights === null ? null : (JSON.parse(row.weights) as number[])),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    ...(row.shops === null ? {} : { shops: JSON.parse(row.shops) as string[] }),
  };
}

/** The calendar kept in `database`. */
export function abTestCalendar(database: SharedDatabase): AbTestCalendar {
  async function runningAt(instant: string): Promise<StoredAbTest[]> {
    const iso = new Date(instant).toISOString();
    await database.ready();
    const rows = await database.run(function* (db) {
      return yield* rowsOf(
        db.selectFrom('ab_tests').selectAll().where('starts_at', '<=', iso).where('ends_at', '>', iso).orderBy('name'),
      );
    });
    return rows.map(storedAbTest);
  }
  return {
    runningAt,
    async testsAt(instant) {
      return (await runningAt(instant)).map((test) => ({
        name: test.name,
        groups: test.groups.map((name) => ({ name })),
      }));
    },
    async test(name) {
      await database.ready();
      const [row] = await database.run(function* (db) {
        return yield* rowsOf(db.selectFrom('ab_tests').selectAll().where('name', '=', name));
      });
      return row && storedAbTest(row);
    },
    async list() {
      await database.ready();
      const rows = await database.run(function* (db) {
        return yield* rowsOf(db.selectFrom('ab_tests').selectAll().orderBy('starts_at').orderBy('name'));
      });
      return rows.map(storedAbTest);
    },
  };
}
