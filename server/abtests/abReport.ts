import { sql } from 'kysely';
import { shopByCode } from '../../src/shared/countries.ts';
import { rowsOfSql } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { StoredAbTest } from './calendar.ts';
import {
  SIGNIFICANCE_LEVEL,
  twoProportionTest,
  wilsonInterval,
  type ProportionInterval,
  type ProportionTest,
} from './proportionStatistics.ts';

/** One group in one shop: counts, the sign-up rate with its 95 % interval, and the test against the first group. */
export interface AbReportGroup {
  group: string;
  visitors: number;
  signUps: number;
  confirmed: number;
  /** Sign-ups per visitor. */
  conversion: ProportionInterval;
  /** Against the test's first group; absent for the first group and where the test says nothing. */
  versusFirst?: ProportionTest & { conclusive: boolean };
}

/** The report of one test (`npm run ab:report -- NAME --json`): counts only, per shop and group. */
export interface AbReport {
  test: string;
  from: string;
  to: string;
  /** Per shop (segment; `unknown` for assignments that named none), each of the test's groups in order. */
  shops: { shop: string; groups: AbReportGroup[] }[];
}

/** Counts of one shop and group. */
interface GroupCounts {
  visitors: number;
  signUps: number;
  confirmed: number;
}

/** A shop code as the report names it. */
const shopName = (code: string | null) => (code === null ? 'unknown' : (shopByCode(code)?.segment ?? code));

/** The report of `test` from the counts in `database` (docs/operations.md#ab-test-report). */
export async function abReport(database: SharedDatabase, test: StoredAbTest): Promise<AbReport> {
  await database.ready();
  const rows = await database.run(function* (db) {
    return yield* rowsOfSql(
      db,
      sql<{ shop: string | null; ab_group: string; visitors: number; sign_ups: number; confirmed: number }>`
        SELECT shop, ab_group, SUM(visitors) AS visitors, SUM(sign_ups) AS sign_ups, SUM(confirmed) AS confirmed FROM (
          SELECT shop, ab_group, COUNT(*) AS visitors, 0 AS sign_ups, 0 AS confirmed
            FROM ab_assignments WHERE test = ${test.name} GROUP BY shop, ab_group
          UNION ALL
          SELECT shop, ab_group, 0, COUNT(*), COUNT(confirmed_at)
            FROM ab_signups WHERE test = ${test.name} GROUP BY shop, ab_group
        ) AS counts GROUP BY shop, ab_group`,
    );
  });
  const byShop = new Map<string, Map<string, GroupCounts>>();
  for (const row of rows) {
    const shop = shopName(row.shop);
    if (!byShop.has(shop)) byShop.set(shop, new Map());
    byShop.get(shop)!.set(row.ab_group, {
      visitors: Number(row.visitors),
      signUps: Number(row.sign_ups),
      confirmed: Number(row.confirmed),
    });
  }
  return {
    test: test.name,
    from: test.startsAt,
    to: test.endsAt,
    shops: [...byShop.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([shop, counts]) => ({ shop, groups: reportGroups(test.groups, counts) })),
  };
}

/** Each of the test's groups with its counts (0 when none), its rate and its test against the first. */
export function reportGroups(groups: readonly string[], counts: ReadonlyMap<string, GroupCounts>): AbReportGroup[] {
  const countsOf = (group: string) => counts.get(group) ?? { visitors: 0, signUps: 0, confirmed: 0 };
  const first = countsOf(groups[0]!);
  return groups.map((group, index) => {
    const own = countsOf(group);
    const versus =
      index === 0
        ? undefined
        : twoProportionTest(
            { successes: first.signUps, trials: first.visitors },
            { successes: own.signUps, trials: own.visitors },
          );
    return {
      group,
      ...own,
      conversion: wilsonInterval(own.signUps, own.visitors),
      ...(versus ? { versusFirst: { ...versus, conclusive: versus.pValue < SIGNIFICANCE_LEVEL } } : {}),
    };
  });
}
