/**
 * Every `/service/...` path, in one place: the stand-in services register these routes (server/app.ts and
 * server/{feature}/routes.ts) and the pages and the build call them, so the two cannot drift apart
 * (server/contracts.test.ts requests each one on the app). See docs/calls.md. One module per service
 * (`src/shared/routes/`), so a browser script bundles only the services it calls.
 */
import type { Service } from './routes/service.ts';
import { healthService } from './routes/health.ts';
import { metricsService } from './routes/metrics.ts';
import { promotionService } from './routes/promotion.ts';
import { publishService } from './routes/publish.ts';
import { footerImagesService } from './routes/footerImages.ts';
import { newsletterService } from './routes/newsletter.ts';
import { newsletterForSinglePageAppsService } from './routes/newsletterForSinglePageApps.ts';
import { newsletterOpensService } from './routes/newsletterOpens.ts';
import { mailEventsService } from './routes/mailEvents.ts';
import { loginService } from './routes/login.ts';
import { previewService } from './routes/preview.ts';
import { abTestsService } from './routes/abTests.ts';
import { customerFrontendDataService } from './routes/customerFrontendData.ts';
import { iysStandInService } from './routes/iys.ts';

export * from './routes/service.ts';
export { healthService } from './routes/health.ts';
export { metricsService } from './routes/metrics.ts';
export { promotionService } from './routes/promotion.ts';
export { publishService } from './routes/publish.ts';
export { footerImagesService } from './routes/footerImages.ts';
export { newsletterService } from './routes/newsletter.ts';
export { newsletterForSinglePageAppsService } from './routes/newsletterForSinglePageApps.ts';
export { newsletterOpensService } from './routes/newsletterOpens.ts';
export { mailEventsService } from './routes/mailEvents.ts';
export { loginService } from './routes/login.ts';
export { previewService } from './routes/preview.ts';
export { abTestsService } from './routes/abTests.ts';
export { customerFrontendDataService } from './routes/customerFrontendData.ts';
export { iysStandInService } from './routes/iys.ts';

/** The services the pages and the build call (docs/calls.md). */
export const services = {
  health: healthService,
  metrics: metricsService,
  promotion: promotionService,
  publish: publishService,
  footerImages: footerImagesService,
  newsletter: newsletterService,
  newsletterForSinglePageApps: newsletterForSinglePageAppsService,
  newsletterOpens: newsletterOpensService,
  mailEvents: mailEventsService,
  login: loginService,
  preview: previewService,
  abTests: abTestsService,
  customerFrontendData: customerFrontendDataService,
  iysStandIn: iysStandInService,
} as const satisfies Record<string, Service>;
