/**
 * Every `/service/...` path, in one place: the stand-in services register these routes (server/app.ts and
 * server/{feature}/routes.ts) and the pages and the build call them, so the two cannot drift apart
 * (server/contracts.test.ts requests each one on the app). See docs/calls.md.
 */

/** Everything under this prefix is a service call, never a page. */
export const SERVICE_PREFIX = '/service';

/** One call of a service: its method and its path below the service's base, as a route pattern (`:name` parameters). */
interface ServiceCall {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
}

/** A service: the base path it is mounted at and its calls. */
export interface Service {
  readonly base: string;
  readonly calls: Readonly<Record<string, ServiceCall>>;
}

const newsletterCalls = {
  createSubscriber: { method: 'POST', path: '/newsletter-subscribers' },
  readSubscriber: { method: 'GET', path: '/newsletter-subscribers/:token' },
  updateSubscriber: { method: 'PUT', path: '/newsletter-subscribers/:token' },
  confirmSubscriber: { method: 'PUT', path: '/newsletter-subscribers/:token/doi' },
  customerBaseData: { method: 'GET', path: '/customers/base-data' },
} as const satisfies Service['calls'];

// One constant per service, so a browser script bundles only the services it calls; `services` collects them for the
// server and the contract test.
export const healthService = { base: SERVICE_PREFIX, calls: { health: { method: 'GET', path: '/health' } } } as const satisfies Service;

/** Footer content and other CMS promotions (docs/calls.md#promotion). */
export const promotionService = {
  base: `${SERVICE_PREFIX}/promotion/api/promotion`,
  calls: {
    promotion: { method: 'GET', path: '/:name' },
    /** The CMS's publishing side, with the admin token (docs/calls.md#promotion-versions). */
    publishVersion: { method: 'PUT', path: '/:name' },
    versions: { method: 'GET', path: '/:name/versions' },
  },
} as const satisfies Service;

/** Rebuilds and their status, with the admin token (docs/calls.md#publisher). */
export const publishService = {
  base: `${SERVICE_PREFIX}/publish/api`,
  calls: { rebuild: { method: 'POST', path: '/rebuild' }, status: { method: 'GET', path: '/status' } },
} as const satisfies Service;

/** Quality-logo images the footer content names (docs/footer.md#images-and-icons). */
export const footerImagesService = { base: `${SERVICE_PREFIX}/footer-images`, calls: { logo: { method: 'GET', path: '/logos/:file' } } } as const satisfies Service;

/** The newsletter service for ordinary pages (docs/calls.md#newsletter-service). */
export const newsletterService = { base: `${SERVICE_PREFIX}/newsletter/api/internal`, calls: newsletterCalls } as const satisfies Service;

/** The same newsletter service, as single-page-app pages call it. */
export const newsletterForSinglePageAppsService = { base: `${SERVICE_PREFIX}/newsletter/api/private`, calls: newsletterCalls } as const satisfies Service;

/** Staff and shopper login, login-token renewal (docs/calls.md#login). */
export const loginService = {
  base: `${SERVICE_PREFIX}/login/api/v1`,
  calls: {
    login: { method: 'POST', path: '/login' },
    renewLoginToken: { method: 'POST', path: '/logintoken/renew' },
    renewLongTermToken: { method: 'POST', path: '/longtermtoken/renew' },
  },
} as const satisfies Service;

/** The staff preview session (docs/calls.md#preview-service). */
export const previewService = {
  base: `${SERVICE_PREFIX}/preview/api`,
  calls: {
    checkAuth: { method: 'GET', path: '/auth/checkauth' },
    renewLogin: { method: 'GET', path: '/auth/login/renew' },
    logout: { method: 'GET', path: '/auth/logout' },
    applyPreview: { method: 'GET', path: '/token' },
  },
} as const satisfies Service;

/** A/B tests (docs/calls.md#ab-test-service). */
export const abTestsService = {
  base: `${SERVICE_PREFIX}/abtestfrontend/api/v1`,
  calls: { testsAt: { method: 'GET', path: '/gettestsat' }, assignment: { method: 'GET', path: '/getassignment' } },
} as const satisfies Service;

/** What the shop knows about the logged-in customer (docs/calls.md#psdata). */
export const customerFrontendDataService = { base: `${SERVICE_PREFIX}/customerfrontenddata/api/v1`, calls: { psdata: { method: 'GET', path: '/psdata' } } } as const satisfies Service;


/** The services the pages and the build call (docs/calls.md). */
export const services = {
  health: healthService,
  promotion: promotionService,
  publish: publishService,
  footerImages: footerImagesService,
  newsletter: newsletterService,
  newsletterForSinglePageApps: newsletterForSinglePageAppsService,
  login: loginService,
  preview: previewService,
  abTests: abTestsService,
  customerFrontendData: customerFrontendDataService,
} as const satisfies Record<string, Service>;

/** The `:name` parameters of a route pattern, e.g. `'token'` for `/newsletter-subscribers/:token/doi`. */
type PathParams<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

function fill(pattern: string, values: Partial<Record<string, string>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The parameters argument a pattern needs: none without parameters, else a value for each. */
type ParamsArgument<Pattern extends string> = [PathParams<Pattern>] extends [never] ? [] : [params: Record<PathParams<Pattern>, string>];

/** A route pattern with its parameters filled in, each URL-encoded. */
export function fillPath<Pattern extends string>(pattern: Pattern, ...[params]: ParamsArgument<Pattern>): string {
  return fill(pattern, params ?? {});
}

/** The path of one call from the site root: `serviceUrl(services.login, 'login')` is `/service/login/api/v1/login`. */
export function serviceUrl<S extends Service, Name extends keyof S['calls'] & string>(
  service: S,
  name: Name,
  ...params: ParamsArgument<S['calls'][Name]['path']>
): string {
  return service.base + fill(service.calls[name]!.path, params[0] ?? {});
}
