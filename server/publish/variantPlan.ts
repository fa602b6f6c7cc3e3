import type { AbVariant, Release } from '../../src/shared/publish/releases.ts';
import { shopBySegment } from '../../src/shared/countries.ts';
import type { StoredAbTest } from '../abtests/calendar.ts';
import { variantsKey, wantedVariants } from '../abtests/wantedVariants.ts';
import type { ContentSchedule } from './contentSchedule.ts';

/**
 * What the publisher knows of the A/B calendar (docs/footer.md#ab-tests-and-consent): the tests as last read, the
 * variants each shop's pages should have now, and when that next changes (a test starts or ends). The calendar is in
 * the shared database; it is read again at each of the publisher's rounds.
 */
export interface VariantPlan {
  /** Reads the calendar again; a failure keeps the tests last read (and is the round's to log). */
  refresh(): Promise<void>;
  /** The variants a shop's pages should have at `at`. */
  wanted(segment: string, at: Date): AbVariant[];
  /** The next instant after `at` at which a test starts or ends, or undefined. */
  nextChange(at: Date): number | undefined;
  /**
   * The key ({@link variantsKey}) of the variants a shop should have at `at`, when they changed since the last look
   * and differ from the live release's; else undefined. A shop's first look counts as a change when `firstLook` says
   * so (a publisher that catches up at start): otherwise a shop rolled back would be rebuilt at once.
   */
  changed(segment: string, at: Date, live: Release, firstLook: boolean): string | undefined;
}

/** No calendar: no variants (the publisher of a test without A/B tests). */
export const noVariants: VariantPlan = {
  refresh: async () => undefined,
  wanted: () => [],
  nextChange: () => undefined,
  changed: () => undefined,
};

/** The plan from the calendar's tests and the content schedule's versions for A/B groups. */
export function variantPlan(
  schedule: Pick<ContentSchedule, 'previewAt'>,
  abTests: () => Promise<StoredAbTest[]>,
): VariantPlan {
  let tests: StoredAbTest[] = [];
  // The variants each shop should have, as the last look saw them.
  const seen = new Map<string, string>();
  const plan: VariantPlan = {
    async refresh() {
      tests = await abTests();
    },
    wanted(segment, at) {
      const shop = shopBySegment(segment);
      if (!shop) return [];
      return wantedVariants(shop, tests, at, (site, target) => {
        const version = schedule.previewAt(site, 'SHOP_FOOTER', at, target);
        return version?.abTarget?.test === target.test && version.abTarget.group === target.group ? version : undefined;
      });
    },
    nextChange(at) {
      const ahead = tests
        .flatMap((test) => [Date.parse(test.startsAt), Date.parse(test.endsAt)])
        .filter((instant) => instant > at.getTime());
      return ahead.length > 0 ? Math.min(...ahead) : undefined;
    },
    changed(segment, at, live, firstLook) {
      const wanted = variantsKey(plan.wanted(segment, at));
      const before = seen.get(segment);
      seen.set(segment, wanted);
      if (before === undefined ? !firstLook : before === wanted) return undefined;
      const liveKey = variantsKey((live.variants ?? []).filter((variant) => variant.segment === segment));
      return liveKey === wanted ? undefined : wanted;
    },
  };
  return plan;
}
