import { describe, expect, test } from 'vitest';
import type { StoredAbTest } from './calendar.ts';
import { assignGroup } from './assignGroup.ts';
import { selectVariant } from './variantSelection.ts';
import { variantPrefix } from '../../src/shared/publish/releases.ts';

// Which built variant a visitor's group gets (docs/footer.md#ab-tests-and-consent).
const hero: StoredAbTest = {
  name: 'HERO',
  groups: ['A', 'B'],
  weights: [50, 50],
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2027-01-01T00:00:00Z',
};
const ids = Array.from({ length: 40 }, (_, index) => `visitor-${String(index).padStart(14, '0')}-xx`);
const inGroup = (group: string) => ids.find((id) => assignGroup('HERO', id, hero.groups, hero.weights) === group)!;

describe('selecting the variant of a visitor', () => {
  const built = [{ test: 'HERO', group: 'B', segment: 'de' }];

  test('a group-B visitor gets the B variant of the segment', () => {
    expect(selectVariant([hero], built, 'de', inGroup('B'))).toEqual(built[0]);
    expect(variantPrefix(built[0]!)).toBe('/_ab/HERO/B/de');
  });

  test('a group-A visitor without an A variant gets the default', () => {
    expect(selectVariant([hero], built, 'de', inGroup('A'))).toBeUndefined();
  });

  test('another segment, or no running test, gets the default', () => {
    expect(selectVariant([hero], built, 'fr', inGroup('B'))).toBeUndefined();
    expect(selectVariant([], built, 'de', inGroup('B'))).toBeUndefined();
  });
});
