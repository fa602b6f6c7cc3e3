import type { AbVariant } from '../../src/shared/publish/releases.ts';
import type { StoredAbTest } from './calendar.ts';
import { assignGroup } from './assignGroup.ts';

/**
 * The variant a consenting visitor gets for a shop segment: for each running test (by name) that has a variant
 * built for this segment, the visitor's group by `assignGroup`; the first test whose group has a variant wins.
 * Undefined (the default page) when no test has one for the visitor's group.
 */
export function selectVariant(
  tests: readonly StoredAbTest[],
  built: readonly AbVariant[],
  segment: string,
  visitorId: string,
): AbVariant | undefined {
  for (const test of [...tests].sort((a, b) => a.name.localeCompare(b.name))) {
    const forTest = built.filter((variant) => variant.test === test.name && variant.segment === segment);
    if (forTest.length === 0) continue;
    const group = assignGroup(test.name, visitorId, test.groups, test.weights);
    const variant = forTest.find((candidate) => candidate.group === group);
    if (variant) return variant;
  }
  return undefined;
}
