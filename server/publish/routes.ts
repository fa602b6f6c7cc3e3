import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { shopBySegment, shops } from '../../src/shared/countries.ts';
import { rebuildRequestSchema } from '../../src/shared/publish/schemas.ts';
import { issueProblems, problem, readJson } from '../problem.ts';
import type { Publisher } from './publisher.ts';
import { services } from '../../src/shared/routes.ts';

/**
 * `POST /service/publish/api/rebuild` (the hook a CMS's webhook calls) and `GET /service/publish/api/status`, both
 * behind `admin`, the server's one admin-token guard (`requireAdminToken`). See docs/calls.md#publisher.
 */
export function publishRoutes(publisher: Publisher, admin: MiddlewareHandler): Hono {
  const app = new Hono();
  app.use(admin);

  app.post(services.publish.calls.rebuild.path, async (c) => {
    const body = v.safeParse(rebuildRequestSchema, await readJson(c));
    if (!body.success) {
      return problem(c, 400, 'urn:publish:invalid_request', 'Expected { "shops": ["hu", …] }', {
        problems: issueProblems(body.issues),
      });
    }
    const unknown = body.output.shops.filter((segment) => !shopBySegment(segment));
    if (unknown.length > 0) {
      return problem(c, 400, 'urn:publish:unknown_shop', `Unknown shop ${unknown.join(', ')}`, {
        unknown,
        known: shops.map((shop) => shop.segment),
      });
    }
    return c.json({ queued: publisher.request(body.output.shops) }, 202);
  });

  app.get(services.publish.calls.status.path, (c) => {
    c.header('cache-control', 'no-store');
    return c.json(publisher.status());
  });
  return app;
}
