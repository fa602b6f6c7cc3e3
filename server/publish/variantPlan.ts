import type { AbVariant } from '../../src/shared/publish/releases.ts';
import { shopBySegment } from '../../src/shared/countries.ts';
import type { StoredAbTest } from '../abtests/calendar.ts';
import { wantedVariants } from '../abtests/wantedVariants.ts';
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
}

/** No calendar: no variants (the publisher of a test without A/B tests). */
export const noVariants: VariantPlan = {
  refresh: async () => undefined,
  wanted: () => [],
  nextChange: () => undefined,
};

/** The plan from the calendar's tests and the content schedule's versions for A/B groups. */
export function variantPlan(
  schedule: Pick<ContentSchedule, 'previewAt'>,
  abTests: () => Promise<StoredAbTest[]>,
): VariantPlan {
  let tests: StoredAbTest[] = [];
  return {
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
  };
}
