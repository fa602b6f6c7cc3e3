import type { DatabaseSync } from 'node:sqlite';
import { Hono } from 'hono';
import { customerFrontendDataRoutes, newsletterRoutes } from './newsletter.ts';
import { promotionRoutes } from './promotion.ts';
import { issueCsrfCookie } from './csrf.ts';
import { securityHeaders } from './security.ts';
import { staticSite } from './staticSite.ts';
import { problem } from './problem.ts';

export interface AppOptions {
  db: DatabaseSync;
  /** The built site; absolute path. */
  distDir: string;
}

/** The local services behind `/service/...` plus the built site, as one Hono app. */
export function createApp({ db, distDir }: AppOptions): Hono {
  const app = new Hono();
  app.use(securityHeaders());
  app.use(issueCsrfCookie());

  app.get('/service/health', (c) => c.json({ status: 'ok' }));
  app.route('/service/promotion/api/promotion', promotionRoutes(db));
  const newsletter = newsletterRoutes(db);
  app.route('/service/newsletter/api/internal', newsletter);
  app.route('/service/newsletter/api/private', newsletter);
  app.route('/service/customerfrontenddata/api/v1', customerFrontendDataRoutes(db));
  app.all('/service/*', (c) => problem(c, 404, 'urn:service:not_found', 'No such service endpoint'));

  app.use(staticSite(distDir));
  app.onError((error, c) => {
    console.error(error);
    return problem(c, 500, 'urn:service:internal_error', 'Internal error');
  });
  return app;
}
