import path from 'node:path';
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { shopBySegment } from '../../src/shared/countries.ts';
import { readRelease, variantPrefix, type AbVariant } from '../../src/shared/publish/releases.ts';
import type { StoredAbTest } from './calendar.ts';
import type { CountedAssignment } from './abCounts.ts';
import { assignGroup } from './assignGroup.ts';
import { selectVariant } from './variantSelection.ts';
import { VISITOR_COOKIE, consentedVisitorId, hasStatisticsConsent } from './visitorConsent.ts';
import { runsIn } from './wantedVariants.ts';

/** How long the running tests are kept before the calendar is read again (docs/constants.md#timings). */
export const RUNNING_TESTS_CACHE_MS = 5_000;
/** Visitors whose assignment was counted lately, kept to spare the database a write per page (docs/constants.md#limits). */
export const COUNTED_VISITORS_KEPT = 10_000;

/** Which file of the release answers a page, and how it may be cached. */
export interface PageChoice {
  /** The path in the release of the variant's page (`/_ab/{test}/{group}/de/…` for `/de/…`); undefined: the default. */
  variantPath?: string;
  /** The page has variants: its answer depends on the visitor's cookies (`Vary: Cookie`; a variant's is private). */
  variesByCookie: boolean;
}

/** Picks, per page request, the release's page for the visitor; undefined when nothing differs from today. */
export type PagePicker = (c: Context, siteDir: string) => Promise<PageChoice | undefined>;

/**
 * The server's side of A/B variants (docs/footer.md#ab-tests-and-consent): a visitor who consented to statistics gets
 * the page of their group in each running test whose group has pages built in the live release, on the first visit
 * too (the `ab_visitor` cookie is set with that answer); everyone else gets the default page. A visitor without
 * consent who still has the cookie loses it with the next page.
 */
export function abVariantPages({
  runningTests,
  countAssignments,
  now = () => new Date(),
  onError = (error) => console.error(`A/B variants: ${(error as Error).message}`),
}: {
  /** The tests running at an instant (the calendar's `runningAt`). */
  runningTests: (instant: string) => Promise<StoredAbTest[]>;
  countAssignments: (visitorId: string, assignments: readonly CountedAssignment[]) => Promise<void>;
  now?: () => Date;
  /** A failure to read the calendar or write a count; the page is answered all the same. */
  onError?: (error: unknown) => void;
}): PagePicker {
  let variantsOf: { siteDir: string; variants: readonly AbVariant[] } | undefined;
  let tests: { at: number; running: Promise<StoredAbTest[]> } | undefined;
  const counted = new Set<string>();

  /** The variants of the release `siteDir` belongs to (its `release.json` beside it), read once per release. */
  function releaseVariants(siteDir: string): readonly AbVariant[] {
    if (variantsOf?.siteDir !== siteDir) {
      const releaseDir = path.dirname(siteDir);
      const release = readRelease(path.dirname(releaseDir), path.basename(releaseDir));
      variantsOf = { siteDir, variants: release?.variants ?? [] };
    }
    return variantsOf.variants;
  }

  function running(): Promise<StoredAbTest[]> {
    const at = now().getTime();
    if (!tests || at - tests.at >= RUNNING_TESTS_CACHE_MS) {
      const fresh = { at, running: runningTests(new Date(at).toISOString()) };
      fresh.running.catch(() => (tests === fresh ? (tests = undefined) : undefined));
      tests = fresh;
    }
    return tests.running;
  }

  async function count(visitorId: string, assignments: CountedAssignment[]) {
    const fresh = assignments.filter((assignment) => !counted.has(`${assignment.test}\0${visitorId}`));
    if (fresh.length === 0) return;
    await countAssignments(visitorId, fresh);
    if (counted.size >= COUNTED_VISITORS_KEPT) counted.clear();
    for (const assignment of fresh) counted.add(`${assignment.test}\0${visitorId}`);
  }

  return async (c, siteDir) => {
    const consented = hasStatisticsConsent(c);
    // Consent withdrawn: the A/B cookie goes with the next page, whatever the page.
    if (!consented && getCookie(c, VISITOR_COOKIE) !== undefined) deleteCookie(c, VISITOR_COOKIE, { path: '/' });
    const segment = c.req.path.split('/')[1] ?? '';
    const shop = shopBySegment(segment);
    if (!shop) return undefined;
    const variants = releaseVariants(siteDir).filter((variant) => variant.segment === segment);
    if (variants.length === 0) return undefined;
    if (!consented) return { variesByCookie: true };
    const at = now();
    let runningTests: StoredAbTest[];
    try {
      runningTests = await running();
    } catch (error) {
      // The calendar cannot be read (the database is away or busy): the default page, never an error page.
      onError(error);
      return { variesByCookie: true };
    }
    const tests = runningTests.filter(
      (test) => runsIn(test, shop.code, at) && variants.some((variant) => variant.test === test.name),
    );
    if (tests.length === 0) return { variesByCookie: true };
    const visitorId = consentedVisitorId(c)!;
    const assignments = tests.map((test) => ({
      test: test.name,
      group: assignGroup(test.name, visitorId, test.groups, test.weights),
      shop: shop.code,
    }));
    // A count that cannot be written is lost for the report, never the page (it is tried again on the next one).
    await count(visitorId, assignments).catch(onError);
    const variant = selectVariant(tests, variants, segment, visitorId);
    if (!variant) return { variesByCookie: true };
    return { variesByCookie: true, variantPath: `${variantPrefix(variant)}${c.req.path.slice(segment.length + 1)}` };
  };
}
