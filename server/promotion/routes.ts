import type { AbTestCalendar } from '../abtests/calendar.ts';
import { abTestNameSchema } from '../abtests/newAbTest.ts';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { shopByCode, type Shop } from '../../src/shared/countries.ts';
import { shopFooterJsonReport, type ShopFooterReport } from '../../src/shared/footer/shopFooterReport.ts';
import type { FooterProblem } from '../../src/shared/footer/footerProblem.ts';
import {
  publishVersionRequestSchema,
  type PublishedVersion,
  type VersionSummary,
} from '../../src/shared/promotion/schemas.ts';
import { issueProblems, problem, readJson } from '../problem.ts';
import { services } from '../../src/shared/routes.ts';
import type { PromotionVersion, VersionStore } from './versionStore.ts';

/**
 * The promotions this service knows, each with the check its content must pass for a shop (the build's own):
 * problems refuse it, warnings (facts stated otherwise than the country table) go back to the operator. A `Map`, never
 * a plain object: a name from the URL such as `isPrototypeOf` or `__proto__` must not find an inherited property.
 */
const contentChecks: ReadonlyMap<string, (contentJSON: string, shop: Shop) => ShopFooterReport> = new Map([
  ['SHOP_FOOTER', shopFooterJsonReport],
]);

/** Problems a refused content lists at most (`problemCount` says how many there are) (docs/constants.md#limits). */
export const MAX_LISTED_PROBLEMS = 100;

/** Longest `x-operator` header a version is stored with (docs/constants.md#limits). */
export const OPERATOR_MAX_LENGTH = 64;

/** Who stored a version, as the publishing tool names its operator (`x-operator`); a note, not an identity. */
const operatorSchema = v.pipe(v.string(), v.regex(new RegExp(`^[\\p{L}\\p{N} ._@-]{1,${OPERATOR_MAX_LENGTH}}$`, 'u')));

const siteOf = (c: Context) => c.req.header('site') ?? c.req.query('site') ?? '';
const unknownSite = (c: Context) => problem(c, 400, 'urn:promotion:unknown_site', `Unknown site "${siteOf(c)}"`);
/** Every name that is not a promotion of this service is 404, for reading, listing and storing alike. */
const unknownPromotion = (c: Context) => problem(c, 404, 'urn:promotion:not_found', 'No such promotion');

function summary(version: PromotionVersion, liveVersion: number | undefined): VersionSummary {
  return {
    version: version.version,
    validFrom: version.validFrom,
    ...(version.abTarget ? { abTest: { name: version.abTarget.test, group: version.abTarget.group } } : {}),
    storedAt: version.storedAt,
    storedBy: version.storedBy,
    live: version.version === liveVersion,
  };
}

/**
 * Stand-in for the promotion service (docs/calls.md#promotion, docs/calls.md#promotion-versions): shoppers' `GET /{name}` answers
 * `{ contentJSON }` of the version valid now for the shop named by the `site` header (or `?site=`), 404 when it has
 * none; the CMS side stores versions (`PUT /{name}`) and lists them (`GET /{name}/versions`) behind `admin`, the
 * server's one admin-token guard (`requireAdminToken`).
 */
export function promotionRoutes(calendar: AbTestCalendar, versions: VersionStore, admin: MiddlewareHandler): Hono {
  const app = new Hono();

  /** What is wrong with an A/B target: a test that does not exist, a group it lacks, or a test over before `validFrom`. */
  async function abTargetProblem(
    abTest: { name: string; group: string },
    validFrom: Date,
  ): Promise<FooterProblem | undefined> {
    const row = await calendar.test(abTest.name);
    if (!row) return { path: '$.abTest.name', message: 'is not a known A/B test' };
    const { groups } = row;
    if (!groups.includes(abTest.group))
      return { path: '$.abTest.group', message: `is not a group of ${abTest.name} (${groups.join(', ')})` };
    // A version for a test that has ended by then could never be shown, not even in a preview.
    if (Date.parse(row.endsAt) <= validFrom.getTime())
      return { path: '$.abTest.name', message: `ended at ${row.endsAt}, before the version would be valid` };
    return undefined;
  }

  /**
   * The A/B group an A/B variant's build asks for (`?abTest=&abGroup=`), when that test runs now in the shop; else
   * undefined, and the answer is what shoppers get. A group's content is never handed out before or after its test.
   */
  async function runningTarget(test: string | undefined, group: string | undefined, site: string, at: Date) {
    if (!v.is(abTestNameSchema, test) || !v.is(abTestNameSchema, group)) return undefined;
    const running = (await calendar.runningAt(at.toISOString())).find((entry) => entry.name === test);
    const runsHere = running && running.groups.includes(group) && (!running.shops || running.shops.includes(site));
    return runsHere ? { test, group } : undefined;
  }

  app.get(services.promotion.calls.promotion.path, async (c) => {
    const site = siteOf(c);
    if (!contentChecks.has(c.req.param('name'))) return unknownPromotion(c);
    if (!shopByCode(site)) return unknownSite(c);
    await versions.ready();
    const now = new Date();
    const target = await runningTarget(c.req.query('abTest'), c.req.query('abGroup'), site, now);
    const live = versions.previewAt(site, c.req.param('name'), now, target);
    if (!live) return problem(c, 404, 'urn:promotion:not_found', 'No such promotion for this site');
    c.header('cache-control', 'no-store');
    // The version as the entity tag: a build records which version its pages show (docs/calls.md#promotion).
    c.header('etag', `"${live.version}"`);
    return c.json({ contentJSON: live.contentJSON });
  });

  app.get(services.promotion.calls.versions.path, admin, async (c) => {
    const site = siteOf(c);
    const name = c.req.param('name');
    if (!contentChecks.has(name)) return unknownPromotion(c);
    if (!shopByCode(site)) return unknownSite(c);
    await versions.ready();
    const live = versions.liveAt(site, name, new Date())?.version;
    c.header('cache-control', 'no-store');
    return c.json({ versions: versions.list(site, name).map((version) => summary(version, live)) });
  });

  app.put(services.promotion.calls.publishVersion.path, admin, async (c) => {
    const site = siteOf(c);
    const name = c.req.param('name');
    const check = contentChecks.get(name);
    if (!check) return unknownPromotion(c);
    const shop = shopByCode(site);
    if (!shop) return unknownSite(c);
    const operator = v.safeParse(operatorSchema, c.req.header('x-operator') ?? 'admin token');
    const body = v.safeParse(publishVersionRequestSchema, await readJson(c));
    if (!body.success || !operator.success) {
      const problems = body.success
        ? [{ path: 'x-operator', message: `must be 1 to ${OPERATOR_MAX_LENGTH} letters, digits, spaces or . _ @ -` }]
        : issueProblems(body.issues);
      return problem(c, 400, 'urn:promotion:invalid_request', 'The request is not a valid version', { problems });
    }
    const { contentJSON, abTest } = body.output;
    const validFrom = body.output.validFrom ? new Date(body.output.validFrom) : new Date();
    const targetProblem = abTest && (await abTargetProblem(abTest, validFrom));
    if (targetProblem)
      return problem(c, 400, 'urn:promotion:invalid_request', 'The request is not a valid version', {
        problems: [targetProblem],
      });
    const { problems, warnings } = check(contentJSON, shop);
    if (problems.length) {
      // Listed up to a bound, so 20,000 wrong list items make a short answer; the count says how many there are.
      return problem(
        c,
        422,
        'urn:promotion:invalid_content',
        `The content has ${problems.length} problem(s); nothing was stored`,
        {
          problems: problems.slice(0, MAX_LISTED_PROBLEMS),
          problemCount: problems.length,
        },
      );
    }

    const stored = await versions.store({
      site,
      name,
      contentJSON,
      validFrom,
      ...(abTest ? { abTarget: { test: abTest.name, group: abTest.group } } : {}),
      storedBy: operator.output,
    });
    // Stored all the same: the facts a text states otherwise than the country table are the operator's to see and
    // fix (docs/footer.md#shop-facts); a placeholder would show the table's value.
    const answer: PublishedVersion = {
      version: stored.version,
      validFrom: stored.validFrom,
      ...(warnings.length ? { warnings: warnings.slice(0, MAX_LISTED_PROBLEMS) } : {}),
    };
    return c.json(answer, 201);
  });

  return app;
}
