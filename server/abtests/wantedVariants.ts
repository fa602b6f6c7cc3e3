import type { Shop } from '../../src/shared/countries.ts';
import type { AbVariant } from '../../src/shared/publish/releases.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';
import type { StoredAbTest } from './calendar.ts';

/** The promotion version that targets exactly one A/B group and is valid at the moment, or undefined. */
export type TargetedVersionAt = (site: Shop['code'], target: ForcedGroup) => { version: number } | undefined;

/** Whether a test runs at `at` (start inclusive, end exclusive) in the shop with this code. */
export function runsIn(test: StoredAbTest, site: Shop['code'], at: Date): boolean {
  const time = at.getTime();
  return (
    Date.parse(test.startsAt) <= time && time < Date.parse(test.endsAt) && (!test.shops || test.shops.includes(site))
  );
}

/**
 * The A/B variants a release should hold for one shop at `at` (docs/footer.md#ab-tests-and-consent): one for each
 * group of each test running there that has a footer version of its own valid now. A group without one gets the
 * default pages, so nothing is built for it; a shop without any gets nothing extra.
 */
export function wantedVariants(
  shop: Pick<Shop, 'code' | 'segment'>,
  tests: readonly StoredAbTest[],
  at: Date,
  targetedVersion: TargetedVersionAt,
): AbVariant[] {
  return tests
    .filter((test) => runsIn(test, shop.code, at))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((test) =>
      test.groups.flatMap((group) => {
        const version = targetedVersion(shop.code, { test: test.name, group });
        return version ? [{ test: test.name, group, segment: shop.segment, contentVersion: version.version }] : [];
      }),
    );
}

/** One string for a set of variants, equal for equal sets in any order: to tell whether a release has what it should. */
export function variantsKey(variants: readonly AbVariant[]): string {
  return variants
    .map((variant) => `${variant.segment}/${variant.test}/${variant.group}@${variant.contentVersion ?? '-'}`)
    .sort()
    .join(' ');
}
