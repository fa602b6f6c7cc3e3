import type { DatabaseSync } from 'node:sqlite';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { shopByCode } from '../../src/shared/countries.ts';
import { footerContentJsonProblems } from '../../src/shared/footer/footerContentProblems.ts';
import { publishVersionRequestSchema, type PublishedVersion, type VersionSummary } from '../../src/shared/promotion/schemas.ts';
import type { FooterProblem } from '../../src/shared/footer/footerProblem.ts';
import { issueProblems, problem, readJson } from '../problem.ts';
import { requireAdminToken } from './adminToken.ts';
import { services } from '../../src/shared/routes.ts';
import { versionStore, type PromotionVersion } from './versionStore.ts';

/** The promotions that can be published, each with the check its content must pass (the build's own). */
const contentChecks: Record<string, (contentJSON: string) => FooterProblem[]> = {
  SHOP_FOOTER: footerContentJsonProblems,
};

/** Who stored a version, as the publishing tool names its operator (`x-operator`); a note, not an identity. */
const operatorSchema = v.pipe(v.string(), v.regex(/^[\p{L}\p{N} ._@-]{1,64}$/u));

const siteOf = (c: Context) => c.req.header('site') ?? c.req.query('site') ?? '';
const unknownSite = (c: Context) => problem(c, 400, 'urn:promotion:unknown_site', `Unknown site "${siteOf(c)}"`);

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
 * none; the CMS side stores versions (`PUT /{name}`) and lists them (`GET /{name}/versions`) with the admin token.
 */
export function promotionRoutes(db: DatabaseSync, adminToken: string): Hono {
  const app = new Hono();
  const versions = versionStore(db);
  const abTestGroups = db.prepare('SELECT groups FROM ab_tests WHERE name = ?');
  const admin = requireAdminToken(adminToken);

  app.get(services.promotion.calls.promotion.path, (c) => {
    const site = siteOf(c);
    if (!shopByCode(site)) return unknownSite(c);
    const live = versions.liveAt(site, c.req.param('name'), new Date());
    if (!live) return problem(c, 404, 'urn:promotion:not_found', 'No such promotion for this site');
    c.header('cache-control', 'no-store');
    // The version as the entity tag: a build records which version its pages show (docs/calls.md#promotion).
    c.header('etag', `"${live.version}"`);
    return c.json({ contentJSON: live.contentJSON });
  });

  app.get(services.promotion.calls.versions.path, admin, (c) => {
    const site = siteOf(c);
    if (!shopByCode(site)) return unknownSite(c);
    const name = c.req.param('name');
    const live = versions.liveAt(site, name, new Date())?.version;
    c.header('cache-control', 'no-store');
    return c.json({ versions: versions.list(site, name).map((version) => summary(version, live)) });
  });

  app.put(services.promotion.calls.publishVersion.path, admin, async (c) => {
    const site = siteOf(c);
    if (!shopByCode(site)) return unknownSite(c);
    const name = c.req.param('name');
    const check = contentChecks[name];
    if (!check) return problem(c, 404, 'urn:promotion:not_found', `${name} cannot be published here`);
    const operator = v.safeParse(operatorSchema, c.req.header('x-operator') ?? 'admin token');
    const body = v.safeParse(publishVersionRequestSchema, await readJson(c));
    if (!body.success || !operator.success) {
      const problems = body.success
        ? [{ path: 'x-operator', message: 'must be 1 to 64 letters, digits, spaces or . _ @ -' }]
        : issueProblems(body.issues);
      return problem(c, 400, 'urn:promotion:invalid_request', 'The request is not a valid version', { problems });
    }
    const { contentJSON, validFrom, abTest } = body.output;
    if (abTest) {
      const row = abTestGroups.get(abTest.name) as { groups: string } | undefined;
      const groups = row ? (JSON.parse(row.groups) as string[]) : [];
      if (!groups.includes(abTest.group)) {
        const where = row ? { path: '$.abTest.group', message: `is not a group of ${abTest.name} (${groups.join(', ')})` } : { path: '$.abTest.name', message: 'is not a known A/B test' };
        return problem(c, 400, 'urn:promotion:invalid_request', 'The request is not a valid version', { problems: [where] });
      }
    }
    const problems = check(contentJSON);
    if (problems.length) return problem(c, 422, 'urn:promotion:invalid_content', `The content has ${problems.length} problem(s); nothing was stored`, { problems });

    const stored = versions.store({
      site,
      name,
      contentJSON,
      validFrom: validFrom ? new Date(validFrom) : new Date(),
      ...(abTest ? { abTarget: { test: abTest.name, group: abTest.group } } : {}),
      storedBy: operator.output,
    });
    return c.json({ version: stored.version, validFrom: stored.validFrom } satisfies PublishedVersion, 201);
  });

  return app;
}
