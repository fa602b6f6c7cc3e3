import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { customerFrontendDataRoutes, newsletterCore, newsletterRoutes } from './newsletter/routes.ts';
import { OPENS_BODY_LIMIT_BYTES, opensRoutes } from './newsletter/opens.ts';
import { newsletterFormRoutes } from './newsletter/forms/routes.ts';
import { promotionRoutes } from './promotion/routes.ts';
import { promotionAdminToken, requireAdminToken } from './promotion/adminToken.ts';
import { footerImageRoutes } from './promotion/footerImages.ts';
import { loginRoutes, type LoginRouteOptions } from './login/routes.ts';
import { abTestRoutes } from './abtests/routes.ts';
import { abTestAdminRoutes } from './abtests/adminRoutes.ts';
import { assignmentCounter } from './abtests/abCounts.ts';
import { serverSecret } from './secrets.ts';
import { abTestCalendarWrites } from './abtests/calendarWrites.ts';
import { previewRoutes } from './preview/routes.ts';
import { previewSessions } from './preview/sessions.ts';
import { publishRoutes } from './publish/routes.ts';
import type { Publisher } from './publish/publisher.ts';
import { previewRender } from './preview/previewRender.ts';
import { previewRenderer, PREVIEW_ASSETS_PREFIX } from './preview/renderer.ts';
import { versionedFooterContent, type FooterContentAt } from './preview/footerContent.ts';
import { versionStoreOf } from './promotion/versionStore.ts';
import { issueCsrfCookie } from './edge/csrf.ts';
import { securityHeaders } from './edge/securityHeaders.ts';
import { staticSite } from './staticSite.ts';
import { siteHealth } from './siteHealth.ts';
import { problem } from './problem.ts';
import { databaseBusyAnswer, isDatabaseUnavailable } from './databaseBusy.ts';
import type { SharedDatabase } from './database/sharedDatabase.ts';
import { abTestCalendar } from './abtests/calendar.ts';
import { abVariantPages } from './abtests/variantPages.ts';
import type { ServerConfig } from '../src/shared/config.ts';
import { requireAllowedHost } from './edge/allowedHosts.ts';
import { limitBodies, type BodyLimitRule } from './edge/bodyLimits.ts';
import { guardStateChangingRequests } from './edge/stateChangingRequests.ts';
import { SERVICE_PREFIX, serviceUrl, services } from '../src/shared/routes.ts';
import type { MailJobs } from './mail/mailJobs.ts';
import { mailJobsOf } from './mail/mailService.ts';
import type { MailSender } from './mail/sender.ts';
import { iysStandIn, type IysStandIn } from './iys/standIn.ts';
import { requestTimeIysClient } from './iys/standInClient.ts';
import { mailEvents } from './newsletter/mailEvents.ts';
import { maskedText } from './mail/maskAddresses.ts';
import { databaseDeadline } from './database/requestDeadline.ts';
import { requestBoundMs } from './database/postgresDialect.ts';
import { MAIL_EVENTS_BODY_LIMIT_BYTES, mailEventsRoutes } from './newsletter/mailEventsRoute.ts';
import { timeRequests } from './metrics/httpMetrics.ts';
import { requestIds } from './log/requestId.ts';
import { serviceLog } from './log/serviceLog.ts';
import { metricsRoutes } from './metrics/metricsRoutes.ts';
import { countDatabaseBusy } from './metrics/serviceMetrics.ts';

export interface AppOptions {
  /** Checked settings (`readConfig()`). */
  config: ServerConfig;
  /** The footer content valid at a preview moment; by default the one stored per shop. */
  footerContentAt?: FooterContentAt;
  /** Test-only: lower scrypt cost, other throttle limits. */
  login?: LoginRouteOptions;
  /** Rebuilds and releases (docs/calls.md#publisher); without it the publish calls answer 404. */
  publisher?: Publisher;
  /**
   * Where the services queue mail (docs/newsletter.md#mail-delivery): the jobs of the mail outbox whose sender runs
   * (`newsletterMail()`); by default the jobs table of `shared`, delivered by whatever sender runs on it. Its database
   * keeps the newsletter: subscribers, their consent log, vouchers, suppressions and the İYS queue.
   */
  mailJobs?: MailJobs;
  /** The sender of those jobs, whose stalls `/service/health` reports (docs/calls.md#health). */
  mailSender?: Pick<MailSender, 'stalled'>;
  /**
   * The data layer (docs/architecture.md#the-data-layer): PostgreSQL at `DATABASE_URL`, else the SQLite file, its
   * secrets loaded (`loadSecrets`). Every store lives there; `/service/health` reports whether it answers.
   */
  shared: SharedDatabase;
  /** The stand-in İYS served under `/service/iys` (docs/calls.md#iys-stand-in); by default a new one, none with `IYS_URL`. */
  iysStandIn?: IysStandIn;
}

/** The body the promotion admin call (`PUT /promotion/{name}`, whole footer contents) may send (docs/constants.md#limits). */
export const PROMOTION_BODY_LIMIT_BYTES = 64 * 1024;

/** Calls allowed a body other than the default (`DEFAULT_BODY_LIMIT_BYTES`). */
const bodyLimitRules: readonly BodyLimitRule[] = [
  { method: 'PUT', path: /^\/service\/promotion\/api\/promotion\/[^/]+$/, maxBytes: PROMOTION_BODY_LIMIT_BYTES },
  { method: 'POST', path: /^\/service\/newsletter\/api\/opens$/, maxBytes: OPENS_BODY_LIMIT_BYTES },
  { method: 'POST', path: /^\/service\/mail\/api\/events$/, maxBytes: MAIL_EVENTS_BODY_LIMIT_BYTES },
];

/** The local services behind `/service/...` plus the built site, as one Hono app. */
export function createApp({
  config,
  login,
  publisher,
  shared,
  mailJobs = mailJobsOf(shared, config),
  mailSender,
  footerContentAt = versionedFooterContent(versionStoreOf(shared)),
  iysStandIn: iys = config.iys.url === undefined ? iysStandIn(config.iys) : undefined,
}: AppOptions): Hono {
  const app = new Hono();
  // Every answer timed by its route pattern (docs/operations.md#monitoring), the edge's refusals too, and named by a
  // request id in its header and its log lines (docs/operations.md#logs).
  app.use(timeRequests, requestIds(config));
  // Every request's database work within a bound: the acquire plus the statement time-out (docs/operations.md).
  app.use(databaseDeadline(config.postgres && requestBoundMs(config.postgres)));
  app.use(securityHeaders(config));
  app.use(requireAllowedHost(config));
  // Before any route reads a body: refuse cross-site and non-JSON writes, then oversized bodies.
  app.use(`${SERVICE_PREFIX}/*`, guardStateChangingRequests(config), limitBodies(bodyLimitRules));
  app.use(compress());
  app.use(issueCsrfCookie());

  const site = siteHealth(config.distDir, publisher, mailSender, shared);
  app.get(serviceUrl(services.health, 'health'), site.health);
  // The operators' scrape (docs/operations.md#monitoring); 404 while METRICS_TOKEN is unset.
  app.route(services.metrics.base, metricsRoutes(shared, config.metricsToken, mailSender));
  // One guard for every admin call, so wrong tokens count together whichever call they were sent to.
  const admin = requireAdminToken(shared, promotionAdminToken(config).token);
  const calendar = abTestCalendar(shared);
  app.route(services.promotion.base, promotionRoutes(calendar, versionStoreOf(shared), admin));
  app.route(services.footerImages.base, footerImageRoutes());
  const newsletterShared = newsletterCore(config, mailJobs, requestTimeIysClient(config, iys));
  const newsletter = newsletterRoutes(newsletterShared, config);
  app.route(services.newsletter.base, newsletter);
  app.route(services.newsletterForSinglePageApps.base, newsletter);
  app.route(services.newsletterOpens.base, opensRoutes(mailJobs.database, admin));
  // Providers' bounces and complaints (docs/calls.md#mail-events); 404 while MAIL_WEBHOOK_SECRET is unset.
  const reportedMailEvents = mailEvents(mailJobs, { softBounceLimit: config.mail.softBounceLimit });
  app.route(services.mailEvents.base, mailEventsRoutes(reportedMailEvents, config.mail.webhookSecret));
  const sessions = previewSessions(shared);
  app.route(services.login.base, loginRoutes(shared, sessions, config, login));
  app.route(services.preview.base, previewRoutes(calendar, sessions));
  const countAssignments = assignmentCounter(shared, serverSecret(shared, 'abVisitors'));
  app.route(services.abTests.base, abTestRoutes(calendar, sessions, countAssignments));
  app.route(
    services.abTests.base,
    abTestAdminRoutes(calendar, abTestCalendarWrites(shared), admin, () => void publisher?.abTestsChanged()),
  );
  app.route(services.customerFrontendData.base, customerFrontendDataRoutes(mailJobs.database, config));
  if (publisher) app.route(services.publish.base, publishRoutes(publisher, admin));
  // The stand-in İYS (docs/calls.md#iys-stand-in), only while no real one is configured.
  if (iys) app.route(services.iysStandIn.base, iys.routes);
  app.all(`${SERVICE_PREFIX}/*`, (c) => problem(c, 404, 'urn:service:not_found', 'No such service endpoint'));

  // Staff preview renders of shop pages, and their scripts and stylesheets; everyone else gets the static release.
  // The newsletter's plain forms answer with pages rendered on demand by the same renderer.
  const renderer = previewRenderer(config.previewRendererDir);
  app.use(`/:segment/newsletter/*`, limitBodies(bodyLimitRules));
  app.route('/', newsletterFormRoutes(newsletterShared, { config, renderer, footerContentAt }));
  app.use(`${PREVIEW_ASSETS_PREFIX}*`, staticSite(renderer.clientDir));
  app.use(previewRender({ sessions, renderer, footerContentAt }));
  // A consenting visitor in an A/B test's group gets that group's pages (docs/footer.md#ab-tests-and-consent).
  const variantPages = abVariantPages({
    runningTests: calendar.runningAt,
    countAssignments,
    onError: (error) => serviceLog.error(`A/B variants: ${maskedText(error)}`),
  });
  app.use(staticSite(config.distDir, site.pageWhenMissing, config.abVariants ? variantPages : undefined));
  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      countDatabaseBusy();
      return databaseBusyAnswer(c, error);
    }
    // An error may quote the address a request carried: masked (docs/security.md#data-at-rest).
    serviceLog.error(maskedText(error));
    return problem(c, 500, 'urn:service:internal_error', 'Internal error');
  });
  return app;
}
