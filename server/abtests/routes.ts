import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { abTestListSchema, isoInstantSchema } from '../../src/shared/preview/schemas.ts';
import type { PreviewSessions } from '../preview/sessions.ts';
import type { AbTestCalendar } from './calendar.ts';
import { problem } from '../problem.ts';
import { jsonOf } from '../jsonOf.ts';
import { services } from '../../src/shared/routes.ts';
import { REMEMBERED_CHOICE_MAX_AGE_SECONDS } from '../../src/shared/cookieLifetime.ts';

/** HttpOnly cookie with a random visitor id, so a visitor stays in the same group. */
const VISITOR_COOKIE = 'ab_visitor';

/** Stand-in for `/service/abtestfrontend/api/v1`: tests at a time, and the caller's group in each running test. */
export function abTestRoutes(calendar: AbTestCalendar, sessions: PreviewSessions): Hono {
  const app = new Hono();

  app.get(services.abTests.calls.testsAt.path, async (c) => {
    const time = v.safeParse(isoInstantSchema, c.req.query('time') ?? '');
    if (!time.success) return problem(c, 400, 'urn:abtest:invalid_time', 'time must be an ISO 8601 date-time');
    return jsonOf(c, abTestListSchema, await calendar.testsAt(time.output));
  });

  app.get(services.abTests.calls.assignment.path, async (c) => {
    // Staff in preview see the calendar at their preview time and the group they forced.
    const preview = await sessions.current(c);
    let visitor = getCookie(c, VISITOR_COOKIE);
    if (!visitor) {
      visitor = randomBytes(16).toString('base64url');
      setCookie(c, VISITOR_COOKIE, visitor, {
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: REMEMBERED_CHOICE_MAX_AGE_SECONDS,
      });
    }
    const tests = await calendar.testsAt(preview?.previewDateTime ?? new Date().toISOString());
    const assignments = tests.map((test) => {
      if (preview?.abTestName === test.name && preview.abTestGroup)
        return { test: test.name, group: preview.abTestGroup };
      const bucket = createHash('sha256').update(`${visitor}:${test.name}`).digest().readUInt32BE(0);
      return { test: test.name, group: test.groups[bucket % test.groups.length]!.name };
    });
    return c.json({ assignments });
  });

  return app;
}
