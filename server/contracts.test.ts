import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { customerBaseDataSchema, customerFrontendDataSchema } from '../src/shared/newsletter/subscriberSchema.ts';
import { abTestListSchema, checkAuthResponseSchema } from '../src/shared/preview/schemas.ts';
import { serviceUrl, services, SERVICE_PREFIX, type Service } from '../src/shared/routes.ts';
import { DEMO_SHOPPER, DEMO_STAFF } from './preview/staffAccounts.ts';
import { startTestServer, type TestServer } from './testing.ts';
import { serverPublisher } from './publish/serverPublisher.ts';

// The pages and the stand-in services share src/shared/routes.ts; these tests hold the server to it both ways: every
// call the module names is served, and what the server answers passes the schema its client parses it with.

let server: TestServer;
/** Cookies of a staff session and of a logged-in shopper (login token), plus a CSRF pair. */
let staffCookie: string;
let shopperCookie: string;
const csrf = { cookie: 'csrf_token=x', 'x-csrf-token': 'x' };
// The admin calls check their token before routing: without it, a deleted admin route would still answer 401.
const ADMIN_TOKEN = 'contracts-admin-token-0123456789abcdef';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function logIn(credentials: { username: string; password: string }): Promise<string> {
  const response = await fetch(server.origin + serviceUrl(services.login, 'login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...csrf },
    body: JSON.stringify(credentials),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

beforeAll(async () => {
  // With the publisher, as `npm start` runs it, the mail events webhook and the metrics (which exist only with their
  // secrets), so their calls are part of the contract too.
  server = await startTestServer({
    env: {
      PROMOTION_ADMIN_TOKEN: ADMIN_TOKEN,
      MAIL_WEBHOOK_SECRET: 'contracts-webhook-secret-0123456789',
      METRICS_TOKEN: 'contracts-metrics-token-0123456789',
    },
    publisher: (config, { versions, shared }) => serverPublisher(config, versions, shared),
  });
  staffCookie = await logIn(DEMO_STAFF);
  shopperCookie = await logIn(DEMO_SHOPPER);
});
afterAll(() => server.close());

/** Every call of every service, with a made-up value for each parameter. */
const calls = Object.entries(services as Record<string, Service>).flatMap(([serviceName, service]) =>
  Object.entries(service.calls).map(([callName, call]) => ({
    name: `${serviceName}.${callName}`,
    method: call.method,
    path: service.base + call.path.replace(/:\w+/g, 'probe'),
  })),
);

async function problemType(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.startsWith('application/problem+json')) return undefined;
  return ((await response.json()) as { type?: unknown }).type;
}

describe('every call in src/shared/routes.ts', () => {
  test('the list covers every service', () => {
    expect(calls.length).toBeGreaterThanOrEqual(Object.keys(services).length);
  });

  test('an unknown service path is the generic not-found problem (what the calls below must not be)', async () => {
    const response = await fetch(`${server.origin}${SERVICE_PREFIX}/login/api/v1/no-such-call`, { headers: csrf });
    expect(await problemType(response)).toBe('urn:service:not_found');
  });

  test.each(calls)('$name ($method $path) is served by the app', async ({ method, path }) => {
    const response = await fetch(server.origin + path, {
      method,
      headers: { 'content-type': 'application/json', ...csrf, ...admin },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(await problemType(response)).not.toBe('urn:service:not_found');
  });
});

describe('answers pass the schema their client parses them with', () => {
  async function answer(path: string, headers: Record<string, string>): Promise<unknown> {
    const response = await fetch(server.origin + path, { headers });
    expect(response.ok, `${path} answered ${response.status}`).toBe(true);
    return response.json();
  }

  /** Parses strictly: a lenient schema that drops or replaces a field would hide a broken answer. */
  function expectParsedUnchanged(schema: v.GenericSchema, body: unknown) {
    expect(v.parse(schema, body)).toEqual(body);
  }

  test('customer base data', async () => {
    const body = await answer(serviceUrl(services.newsletter, 'customerBaseData'), { cookie: shopperCookie });
    expectParsedUnchanged(customerBaseDataSchema, body);
    expect(body).toMatchObject({ email: DEMO_SHOPPER.username, salutation: 'MRS', consents: ['DNE'] });
  });

  test('psdata, before and after the customer signs up', async () => {
    const path = serviceUrl(services.customerFrontendData, 'psdata');
    expectParsedUnchanged(customerFrontendDataSchema, await answer(path, { cookie: shopperCookie }));
    const signUp = await fetch(server.origin + serviceUrl(services.newsletter, 'createSubscriber'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', site: 'DE' },
      body: JSON.stringify({ email: DEMO_SHOPPER.username, consents: [] }),
    });
    expect(signUp.status).toBe(201);
    const body = await answer(path, { cookie: shopperCookie });
    expectParsedUnchanged(customerFrontendDataSchema, body);
    expect(body).toEqual({ nl_status: 'WAITING_FOR_DOI' });
  });

  test('check-auth, for staff and for nobody', async () => {
    const path = serviceUrl(services.preview, 'checkAuth');
    expectParsedUnchanged(checkAuthResponseSchema, await answer(path, { cookie: staffCookie }));
    const nobody = await fetch(server.origin + path);
    expect(v.parse(checkAuthResponseSchema, await nobody.json()).status).toBe('UNAUTHORIZED');
  });

  test('A/B tests at a time', async () => {
    const body = await answer(`${serviceUrl(services.abTests, 'testsAt')}?time=2026-11-21T10:00:00.000Z`, {
      cookie: staffCookie,
    });
    expectParsedUnchanged(abTestListSchema, body);
    expect((body as unknown[]).length).toBeGreaterThan(0);
  });
});
