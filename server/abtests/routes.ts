import { Hono } from 'hono';
import * as v from 'valibot';
import { abTestListSchema, isoInstantSchema } from '../../src/shared/preview/schemas.ts';
import { shopByCode } from '../../src/shared/countries.ts';
import type { PreviewSessions } from '../preview/sessions.ts';
import type { AbTestCalendar } from './calendar.ts';
import { problem } from '../problem.ts';
import { jsonOf } from '../jsonOf.ts';
import { services } from '../../src/shared/routes.ts';
import { assignGroup } from './assignGroup.ts';
import { consentedVisitorId } from './visitorConsent.ts';
import type { CountedAssignment } from './abCounts.ts';

/**
 * Stand-in for `/service/abtestfrontend/api/v1`: tests at a time, and the caller's group in each running test, only
 * with statistics consent (docs/calls.md#assignment).
 */
export function abTestRoutes(
  calendar: AbTestCalendar,
  sessions: PreviewSessions,
  countAssignments: (visitorId: string, assignments: readonly CountedAssignment[]) => Promise<void>,
): Hono {
  const app = new Hono();

  app.get(services.abTests.calls.testsAt.path, async (c) => {
    const time = v.safeParse(isoInstantSchema, c.req.query('time') ?? '');
    if (!time.success) return problem(c, 400, 'urn:abtest:invalid_time', 'time must be an ISO 8601 date-time');
    return jsonOf(c, abTestListSchema, await calendar.testsAt(time.output));
  });

  app.get(services.abTests.calls.assignment.path, async (c) => {
    const site = c.req.query('site');
    if (site !== undefined && !shopByCode(site))
      return problem(c, 400, 'urn:abtest:unknown_site', `Unknown site "${site.slice(0, 20)}"`);
    // Staff in preview see the calendar at their preview time and the group they forced, consent or not.
    const preview = await sessions.current(c);
    const visitor = consentedVisitorId(c);
    const tests = (await calendar.runningAt(preview?.previewDateTime ?? new Date().toISOString())).filter(
      (test) => site === undefined || !test.shops || test.shops.includes(site),
    );
    c.header('cache-control', 'no-store');
    const assigned: CountedAssignment[] = [];
    const assignments = tests.flatMap((test) => {
      if (preview?.abTestName === test.name && preview.abTestGroup)
        return [{ test: test.name, group: preview.abTestGroup }];
      // Without consent: no group, so the default pages.
      if (!visitor) return [];
      const group = assignGroup(test.name, visitor, test.groups, test.weights);
      assigned.push({ test: test.name, group, shop: site ?? null });
      return [{ test: test.name, group }];
    });
    // Counted once per visitor and test, when first assigned; staff's forced groups are not visitors.
    if (visitor) await countAssignments(visitor, assigned);
    return c.json({ assignments });
  });

  return app;
}
