import { Hono } from 'hono';
import { services } from '../../src/shared/routes.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { MailSender } from '../mail/sender.ts';
import { adminTokenBackoff } from '../promotion/adminToken.ts';
import { requireBearerToken } from '../throttle/bearerToken.ts';
import { readQueueGauges } from './queueGauges.ts';
import { metricsRegistry } from './serviceMetrics.ts';

/**
 * `GET /service/metrics` (docs/calls.md#metrics): every series in Prometheus's text format, with
 * `Authorization: Bearer METRICS_TOKEN`. Without the token set the call does not exist (404), so an installation that
 * does not scrape offers nothing to guess at; a missing or wrong token answers 401, and wrong tokens are throttled per
 * client like the admin token's (429 with `Retry-After`).
 */
export function metricsRoutes(
  shared: SharedDatabase,
  token: string | undefined,
  sender: Pick<MailSender, 'stalled'> | undefined,
): Hono {
  const app = new Hono();
  if (token === undefined) return app;
  const guard = requireBearerToken(shared, token, {
    name: 'metrics',
    realm: 'metrics',
    throttledType: 'urn:service:throttled',
    unauthorized: 'A valid metrics bearer token is required',
    throttled: 'Too many wrong metrics tokens; please wait and try again',
    backoff: adminTokenBackoff,
  });
  app.get(services.metrics.calls.metrics.path, guard, async (c) => {
    await readQueueGauges(shared, sender);
    c.header('cache-control', 'no-store');
    c.header('content-type', metricsRegistry.contentType);
    return c.body(await metricsRegistry.metrics());
  });
  return app;
}
