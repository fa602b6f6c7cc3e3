import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { customerFrontendDataRoutes, newsletterRoutes } from './newsletter/routes.ts';
import { promotionRoutes } from './promotion/routes.ts';
import { promotionAdminToken } from './promotion/adminToken.ts';
import { footerImageRoutes } from './promotion/footerImages.ts';
import { loginRoutes, type LoginRouteOptions } from './login/routes.ts';
import { abTestRoutes } from './abtests/routes.ts';
import { previewRoutes } from './preview/routes.ts';
import { previewSessions } from './preview/sessions.ts';
import { publishRoutes } from './publish/routes.ts';
import type { Publisher } from './publish/publisher.ts';
import { issueCsrfCookie } from './edge/csrf.ts';
import { securityHeaders } from './edge/securityHeaders.ts';
import { staticSite } from './staticSite.ts';
import { problem } from './problem.ts';
import type { ServerConfig } from '../src/shared/config.ts';
import { requireAllowedHost } from './edge/allowedHosts.ts';
import { limitBodies, type BodyLimitRule } from './edge/bodyLimits.ts';
import { guardStateChangingRequests } from './edge/stateChangingRequests.ts';

export interface AppOptions {
  db: DatabaseSync;
  /** Checked settings (`readConfig()`). */
  config: ServerConfig;
  /** Test-only: lower scrypt cost, other throttle limits. */
  login?: LoginRouteOptions;
  /** Rebuilds and releases (docs/calls.md#publisher); without it the publish calls answer 404. */
  publisher?: Publisher;
}

/**
 * Calls allowed a body other than the default 16 KB. The promotion admin call (`PUT /promotion/{name}`, whole footer
 * contents) gets 64 KB.
 */
const bodyLimitRules: readonly BodyLimitRule[] = [
  { method: 'PUT', path: /^\/service\/promotion\/api\/promotion\/[^/]+$/, maxBytes: 64 * 1024 },
];

/** The local services behind `/service/...` plus the built site, as one Hono app. */
export function createApp({ db, config, login, publisher }: AppOptions): Hono {
  const app = new Hono();
  app.use(securityHeaders(config));
  app.use(requireAllowedHost(config));
  // Before any route reads a body: refuse cross-site and non-JSON writes, then oversized bodies.
  app.use('/service/*', guardStateChangingRequests(config), limitBodies(bodyLimitRules));
  app.use(compress());
  app.use(issueCsrfCookie());

  app.get('/service/health', (c) => c.json({ status: 'ok' }));
  const adminToken = promotionAdminToken(config).token;
  app.route('/service/promotion/api/promotion', promotionRoutes(db, adminToken));
  app.route('/service/footer-images', footerImageRoutes());
  const newsletter = newsletterRoutes(db, config);
  app.route('/service/newsletter/api/internal', newsletter);
  app.route('/service/newsletter/api/private', newsletter);
  const sessions = previewSessions(db);
  app.route('/service/login/api/v1', loginRoutes(db, sessions, config, login));
  app.route('/service/preview/api', previewRoutes(db, sessions));
  app.route('/service/abtestfrontend/api/v1', abTestRoutes(db, sessions));
  app.route('/service/customerfrontenddata/api/v1', customerFrontendDataRoutes(db, config));
  if (publisher) app.route('/service/publish/api', publishRoutes(publisher, adminToken));
  app.all('/service/*', (c) => problem(c, 404, 'urn:service:not_found', 'No such service endpoint'));

  app.use(staticSite(config.distDir));
  app.onError((error, c) => {
    console.error(error);
    return problem(c, 500, 'urn:service:internal_error', 'Internal error');
  });
  return app;
}
