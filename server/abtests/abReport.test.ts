import { afterEach, describe, expect, test } from 'vitest';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { countAssignments } from './abCounts.ts';
import { abReport } from './abReport.ts';
import { abTestCalendar } from './calendar.ts';

// The report's counts on both engines: visitors once per test, sign-ups and confirmed per shop and group.
let instances: TwoInstances | undefined;
afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

describe.each(testEngines)('$engine', ({ open }) => {
  test('visitors counted once each, sign-ups and confirmed per shop and group, every group listed', async () => {
    instances = await open();
    const shared = instances.first;
    const now = '2026-07-01T00:00:00.000Z';
    await shared.ready();
    await shared.atomically(function* (db) {
      for (const visitor of ['v1', 'v2', 'v3', 'v1'])
        yield* countAssignments(
          db,
          visitor,
          [{ test: 'FOOTER_TEASER_ORDER', group: visitor === 'v3' ? 'A' : 'B', shop: 'DE' }],
          now,
        );
      yield* countAssignments(db, 'v9', [{ test: 'FOOTER_TEASER_ORDER', group: 'A', shop: null }], now);
      for (const confirmed of [now, null])
        yield db
          .insertInto('ab_signups')
          .values({
            test: 'FOOTER_TEASER_ORDER',
            ab_group: 'B',
            shop: 'DE',
            signed_up_at: now,
            confirmed_at: confirmed,
          })
          .compile();
    });
    const test = (await abTestCalendar(shared).test('FOOTER_TEASER_ORDER'))!;
    const report = await abReport(instances.second, test);
    expect(report.shops.map((entry) => entry.shop)).toEqual(['de', 'unknown']);
    const counts = report.shops[0]!.groups.map(({ group, visitors, signUps, confirmed }) => ({
      group,
      visitors,
      signUps,
      confirmed,
    }));
    expect(counts).toEqual([
      { group: 'A', visitors: 1, signUps: 0, confirmed: 0 },
      { group: 'B', visitors: 2, signUps: 2, confirmed: 1 },
    ]);
  });
});
