import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { assignGroup, bucketOf } from './assignGroup.ts';

// Deterministic assignment by a hash of the visitor id (docs/footer.md#ab-tests-and-consent).
const freshIds = (count: number) => Array.from({ length: count }, () => randomBytes(16).toString('base64url'));

/** Each group's share in percent of a crowd. */
function shares(ids: readonly string[], groups: string[], weights: number[]): Record<string, number> {
  const counts = Object.fromEntries(groups.map((group) => [group, 0]));
  for (const id of ids) counts[assignGroup('HERO', id, groups, weights)]! += 1;
  return Object.fromEntries(Object.entries(counts).map(([group, count]) => [group, (count / ids.length) * 100]));
}

describe('assigning a visitor to a group', () => {
  // 10,000 visitors: a share's standard deviation is at most 0.5 points, so 2 points is four of them.
  test.each([
    [
      ['A', 'B'],
      [50, 50],
    ],
    [
      ['A', 'B'],
      [70, 30],
    ],
    [
      ['CONTROL', 'GREEN', 'ORANGE'],
      [34, 33, 33],
    ],
  ])('a crowd of 10,000 fresh visitors splits %j within 2 points of %j', (groups, weights) => {
    const split = shares(freshIds(10_000), groups, weights);
    groups.forEach((group, index) => expect(Math.abs(split[group]! - weights[index]!)).toBeLessThan(2));
  });

  test('a visitor keeps their group on every visit; another test draws them independently', () => {
    const ids = freshIds(1000);
    const first = ids.map((id) => assignGroup('HERO', id, ['A', 'B'], [50, 50]));
    expect(ids.map((id) => assignGroup('HERO', id, ['A', 'B'], [50, 50]))).toEqual(first);
    const other = ids.map((id) => assignGroup('OTHER', id, ['A', 'B'], [50, 50]));
    const same = other.filter((group, index) => group === first[index]).length;
    expect(same).toBeGreaterThan(400);
    expect(same).toBeLessThan(600);
  });

  test('the same on every instance: a fixed id lands where SHA-256 of test:visitor puts it', () => {
    // sha256('HERO:visitor-1') starts 0x64d9b0290a06; 0x64d9b0290a06 / 2^48 × 100 = 39.394…: group A at 50/50 and at
    // 40/60, group B at 39/61.
    expect(bucketOf('HERO', 'visitor-1')).toBeCloseTo(39.3947, 4);
    expect(assignGroup('HERO', 'visitor-1', ['A', 'B'], [50, 50])).toBe('A');
    expect(assignGroup('HERO', 'visitor-1', ['A', 'B'], [40, 60])).toBe('A');
    expect(assignGroup('HERO', 'visitor-1', ['A', 'B'], [39, 61])).toBe('B');
  });
});
