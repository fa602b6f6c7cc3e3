import { countDatabaseBusy } from '../metrics/serviceMetrics.ts';
import { DATABASE_BUSY_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../databaseBusy.ts';
import { Hono } from 'hono';
import * as v from 'valibot';
import { checkAuthResponseSchema, isoInstantSchema, previewSelectionSchema } from '../../src/shared/preview/schemas.ts';
import type { AbTestCalendar } from '../abtests/calendar.ts';
import type { PreviewSessions } from './sessions.ts';
import { jsonOf } from '../jsonOf.ts';
import { maskedText } from '../mail/maskAddresses.ts';
import { services } from '../../src/shared/routes.ts';

const unauthorized = { status: 'UNAUTHORIZED' } as const;
const badRequest = { status: 'BAD_REQUEST' } as const;

/**
 * Stand-in for `/service/preview/api`: the staff session's auth check, its preview state, renewal and logout.
 * The preview date-time travels as the query parameter `previewDateTime` (a GET has no body).
 */
export function previewRoutes(calendar: AbTestCalendar, sessions: PreviewSessions): Hono {
  const app = new Hono();

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      countDatabaseBusy();
      c.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      return c.json({ status: 'INTERNAL_ERROR' }, 503);
    }
    console.error(maskedText(error));
    return c.json({ status: 'INTERNAL_ERROR' }, 500);
  });

  app.get(services.preview.calls.checkAuth.path, async (c) => {
    const session = await sessions.current(c);
    if (!session) return jsonOf(c, checkAuthResponseSchema, unauthorized, 401);
    return jsonOf(c, checkAuthResponseSchema, {
      status: 'SUCCESS',
      dateTime: session.previewDateTime,
      abTestName: session.abTestName,
      abTestGroup: session.abTestGroup,
    });
  });

  app.get(services.preview.calls.renewLogin.path, async (c) =>
    (await sessions.renew(c)) ? c.json({ status: 'SUCCESS' }) : c.json(unauthorized, 401),
  );

  app.get(services.preview.calls.logout.path, async (c) => {
    await sessions.end(c);
    return c.json({ status: 'SUCCESS' });
  });

  app.get(services.preview.calls.applyPreview.path, async (c) => {
    if (!(await sessions.current(c))) return c.json(unauthorized, 401);
    const rawDateTime = c.req.query('previewDateTime');
    const dateTime = rawDateTime ? v.safeParse(isoInstantSchema, rawDateTime) : undefined;
    const selection = v.safeParse(previewSelectionSchema, {
      test: c.req.query('test') ?? '',
      group: c.req.query('group') ?? '',
    });
    if ((dateTime && !dateTime.success) || !selection.success) return c.json(badRequest, 400);
    const previewDateTime = dateTime?.success ? new Date(dateTime.output).toISOString() : null;
    const { test, group } = selection.output;
    if (test) {
      // Only a test running at the preview moment, with one of its own groups, can be forced.
      const running = (await calendar.testsAt(previewDateTime ?? new Date().toISOString())).find(
        (t) => t.name === test,
      );
      if (!running?.groups.some((g) => g.name === group)) return c.json(badRequest, 400);
    }
    await sessions.setPreview(c, { previewDateTime, abTestName: test || null, abTestGroup: group || null });
    return c.json({ status: 'SUCCESS' });
  });

  return app;
}
