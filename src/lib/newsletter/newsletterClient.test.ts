import { afterEach, describe, expect, test, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../http.ts';
import { confirmSubscription, createSubscriber, fetchCustomerBaseData, newsletterBasePath, siteOfPage } from './newsletterClient.ts';

const base = newsletterBasePath('https://shop.example');
const request = { email: 'a@example.com', consents: [], origin: 'onsite', originAddition: 'subsite' };

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(async () =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('newsletterBasePath', () => {
  test('uses internal, and private only for single-page-app pages', () => {
    expect(base).toBe('https://shop.example/service/newsletter/api/internal');
    expect(newsletterBasePath('https://shop.example', true)).toBe('https://shop.example/service/newsletter/api/private');
  });
});

describe('createSubscriber', () => {
  test('POSTs the request as JSON and maps 2xx to SUCCESS', async () => {
    const fetchMock = answer(201);
    expect(await createSubscriber(base, request, undefined)).toBe('SUCCESS');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${base}/newsletter-subscribers`);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual(request);
  });

  test("sends the page's shop as the site header, so the service applies that shop's rules", async () => {
    const fetchMock = answer(201);
    vi.stubGlobal('location', { pathname: '/ch-fr/newsletter/' });
    await createSubscriber(base, request);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toEqual({ 'content-type': 'application/json', site: 'CH_FR' });
    expect(siteOfPage('/tr/')).toBe('TR');
    expect(siteOfPage('/ui/')).toBeUndefined();
  });

  test.each([
    [400, { type: 'urn:newsletter:email_invalid' }, 'ERROR_INVALID_EMAIL'],
    [422, { type: 'urn:newsletter:email_invalid' }, 'ERROR_INVALID_EMAIL'],
    [400, { type: 'urn:newsletter:invalid_request' }, 'ERROR_GENERIC'],
    [429, { type: 'urn:service:too_many_requests' }, 'ERROR_GENERIC'],
    [500, undefined, 'ERROR_GENERIC'],
    [503, 'not a problem', 'ERROR_GENERIC'],
    [302, undefined, 'ERROR_GENERIC'],
  ])('status %i with %j is %s', async (status, body, expected) => {
    answer(status, body);
    expect(await createSubscriber(base, request)).toBe(expected);
  });

  test('a network failure is ERROR_GENERIC', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await createSubscriber(base, request)).toBe('ERROR_GENERIC');
  });

  test('gives up after 15000 ms with ERROR_GENERIC instead of hanging', async () => {
    const controller = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(controller.signal);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))),
    );
    const pending = createSubscriber(base, request);
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    controller.abort(new DOMException('timed out', 'TimeoutError'));
    expect(await pending).toBe('ERROR_GENERIC');
  });
});

describe('fetchCustomerBaseData', () => {
  test('sends the login token header and answers the base data', async () => {
    const fetchMock = answer(200, { email: 'e@example.com', salutation: 'MRS', firstName: 'Erika', lastName: 'M', consents: ['DNE'], extra: 1 });
    expect(await fetchCustomerBaseData(base, 'tok')).toEqual({ email: 'e@example.com', salutation: 'MRS', firstName: 'Erika', lastName: 'M', consents: ['DNE'] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${base}/customers/base-data`);
    expect(init.headers).toEqual({ 'x-login-token': 'tok' });
  });

  test('is undefined on 401 and on failure, and drops fields it does not understand', async () => {
    answer(401, { type: 'urn:service:unauthorized' });
    expect(await fetchCustomerBaseData(base, 'tok')).toBeUndefined();
    answer(200, { email: 'e@example.com', salutation: 'DR', consents: ['SPAM'] });
    expect(await fetchCustomerBaseData(base, 'tok')).toEqual({ email: 'e@example.com', salutation: '', firstName: '', lastName: '', consents: [] });
  });
});

describe('confirmSubscription', () => {
  test('PUTs the token to /doi with a JSON body; true only for 2xx', async () => {
    const fetchMock = answer(200, { preferencesToken: 'p' });
    expect(await confirmSubscription(base, 'a/b')).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${base}/newsletter-subscribers/a%2Fb/doi`);
    expect(init).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    answer(404, { type: 'urn:newsletter:token_unknown' });
    expect(await confirmSubscription(base, 'x')).toBe(false);
  });
});
