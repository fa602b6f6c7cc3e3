import { describe, expect, test } from 'vitest';
import type { StoredAbTest } from './calendar.ts';
import { variantsKey, wantedVariants } from './wantedVariants.ts';

// Which variants a shop's release should hold (docs/footer.md#ab-tests-and-consent).
const hero: StoredAbTest = {
  name: 'HERO',
  groups: ['A', 'B', 'C'],
  weights: [34, 33, 33],
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: '2026-12-01T00:00:00Z',
  shops: ['HU', 'DE'],
};
const hu = { code: 'HU', segment: 'hu' } as const;
const at = new Date('2026-11-15T00:00:00Z');
/** Group C has a version of its own in HU, the others none. */
const onlyC = (site: string, target: { test: string; group: string }) =>
  site === 'HU' && target.group === 'C' ? { version: 9 } : undefined;

describe('wanted variants', () => {
  test('only the groups with a version of their own, while the test runs, in its shops', () => {
    expect(wantedVariants(hu, [hero], at, onlyC)).toEqual([
      { test: 'HERO', group: 'C', segment: 'hu', contentVersion: 9 },
    ]);
    expect(wantedVariants(hu, [hero], new Date('2026-12-01T00:00:00Z'), onlyC)).toEqual([]);
    expect(wantedVariants(hu, [hero], new Date('2026-10-31T23:59:59Z'), onlyC)).toEqual([]);
    expect(
      wantedVariants({ code: 'AT', segment: 'at' }, [{ ...hero, shops: undefined }], at, () => ({ version: 1 })),
    ).toHaveLength(3);
    expect(wantedVariants({ code: 'PL', segment: 'pl' }, [hero], at, () => ({ version: 1 }))).toEqual([]);
  });

  test('the key of a set of variants is the same in any order and differs with a version', () => {
    const a = { test: 'HERO', group: 'B', segment: 'hu', contentVersion: 1 };
    const b = { test: 'HERO', group: 'C', segment: 'hu', contentVersion: 2 };
    expect(variantsKey([a, b])).toBe(variantsKey([b, a]));
    expect(variantsKey([a])).not.toBe(variantsKey([{ ...a, contentVersion: 3 }]));
    expect(variantsKey([])).toBe('');
  });
});
