import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { services } from '../../src/shared/routes.ts';
import { issueProblems, problem, readJson } from '../problem.ts';
import type { AbTestCalendar } from './calendar.ts';
import type { AbTestCalendarWrites } from './calendarWrites.ts';
import { abTestSummary } from './abTestSummary.ts';
import { abTestNameSchema, newAbTestSchema } from './newAbTest.ts';

const calls = services.abTests.calls;

/**
 * Operators' A/B calls behind `admin`, the server's one admin-token guard (docs/calls.md#ab-test-admin): list the
 * calendar, create a test, end one. The same as `npm run abtest` (docs/operations.md#ab-tests).
 */
export function abTestAdminRoutes(
  calendar: AbTestCalendar,
  writes: AbTestCalendarWrites,
  admin: MiddlewareHandler,
  /** Told after a test was created or ended (the publisher builds or drops its variants). */
  changed: () => void = () => undefined,
): Hono {
  const app = new Hono();

  app.get(calls.tests.path, admin, async (c) => {
    c.header('cache-control', 'no-store');
    const now = new Date();
    return c.json({ tests: (await calendar.list()).map((test) => abTestSummary(test, now)) });
  });

  app.post(calls.createTest.path, admin, async (c) => {
    const body = v.safeParse(newAbTestSchema, await readJson(c));
    if (!body.success)
      return problem(c, 400, 'urn:abtest:invalid_request', 'The request is not a valid A/B test', {
        problems: issueProblems(body.issues),
      });
    const outcome = await writes.create(body.output);
    if ('refused' in outcome)
      return problem(c, 409, 'urn:abtest:exists', `An A/B test named ${body.output.name} exists already`);
    changed();
    return c.json(abTestSummary(outcome.created), 201);
  });

  app.post(calls.endTest.path, admin, async (c) => {
    const name = v.safeParse(abTestNameSchema, c.req.param('name'));
    if (!name.success) return problem(c, 404, 'urn:abtest:not_found', 'No such A/B test');
    const outcome = await writes.end(name.output);
    if ('ended' in outcome) {
      changed();
      return c.json(abTestSummary(outcome.ended));
    }
    return outcome.refused === 'unknown'
      ? problem(c, 404, 'urn:abtest:not_found', 'No such A/B test')
      : problem(c, 409, 'urn:abtest:ended', `The A/B test ${name.output} has ended already`);
  });

  return app;
}
