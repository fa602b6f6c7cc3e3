import { afterEach, describe, expect, test, vi } from 'vitest';
import { subscriberFixture } from '../../shared/fixtures/subscriberFixture.ts';
import { REQUEST_TIMEOUT_MS } from '../http.ts';
import {
  confirmSubscription,
  createSubscriber,
  fetchCustomerBaseData,
  newsletterBasePath,
  readSubscriber,
  siteOfPage,
  unsubscribe,
  updateSubscriber,
} from './newsletterClient.ts';

const base = newsletterBasePath('https://shop.example');
const request = { email: 'a@example.com', consents: [], origin: 'onsite', originAddition: 'subsite' };

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/problem+json' },
      }),
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
    expect(newsletterBasePath('https://shop.example', true)).toBe(
      'https://shop.example/service/newsletter/api/private',
    );
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
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toEqual({
      'content-type': 'application/json',
      site: 'CH_FR',
    });
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

  test('an error status whose body is cut off (malformed JSON) is ERROR_GENERIC', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"type": "urn:newsl', { status: 400, headers: { 'content-type': 'application/problem+json' } }),
      ),
    );
    expect(await createSubscriber(base, request)).toBe('ERROR_GENERIC');
  });

  test('a network failure is ERROR_GENERIC', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await createSubscriber(base, request)).toBe('ERROR_GENERIC');
  });

  test('gives up after 15000 ms with ERROR_GENERIC instead of hanging', async () => {
    const { timeout, fire } = hangUntilTimeout();
    const pending = createSubscriber(base, request);
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    fire();
    expect(await pending).toBe('ERROR_GENERIC');
  });
});

describe('fetchCustomerBaseData', () => {
  test('sends the login token header and answers the base data', async () => {
    const fetchMock = answer(200, {
      email: 'e@example.com',
      salutation: 'MRS',
      firstName: 'Erika',
      lastName: 'M',
      consents: ['DNE'],
      extra: 1,
    });
    expect(await fetchCustomerBaseData(base, 'tok')).toEqual({
      email: 'e@example.com',
      salutation: 'MRS',
      firstName: 'Erika',
      lastName: 'M',
      consents: ['DNE'],
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${base}/customers/base-data`);
    expect(init.headers).toEqual({ 'x-login-token': 'tok' });
  });

  test('is undefined on 401 and on failure, and drops fields it does not understand', async () => {
    answer(401, { type: 'urn:service:unauthorized' });
    expect(await fetchCustomerBaseData(base, 'tok')).toBeUndefined();
    answer(200, { email: 'e@example.com', salutation: 'DR', consents: ['SPAM'] });
    expect(await fetchCustomerBaseData(base, 'tok')).toEqual({
      email: 'e@example.com',
      salutation: '',
      firstName: '',
      lastName: '',
      consents: [],
    });
  });
});

describe('confirmSubscription', () => {
  test('PUTs the token to /doi with a JSON body and hands on the preferences token', async () => {
    const fetchMock = answer(200, { preferencesToken: 'p' });
    expect(await confirmSubscription(base, 'a/b')).toEqual({ confirmed: true, preferencesToken: 'p' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${base}/newsletter-subscribers/a%2Fb/doi`);
    expect(init).toMatchObject({ method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
  });

  test('a 2xx with a malformed answer is confirmed without a token; anything else is not confirmed', async () => {
    answer(200, { token: 'p' });
    expect(await confirmSubscription(base, 'x')).toEqual({ confirmed: true, preferencesToken: undefined });
    answer(404, { type: 'urn:newsletter:token_unknown' });
    expect(await confirmSubscription(base, 'x')).toEqual({ confirmed: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await confirmSubscription(base, 'x')).toEqual({ confirmed: false });
  });
});

/** Makes the next call hang until the 15000 ms time-out fires; returns the time-out spy and the trigger. */
function hangUntilTimeout() {
  const controller = new AbortController();
  const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(controller.signal);
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    ),
  );
  return { timeout, fire: () => controller.abort(new DOMException('timed out', 'TimeoutError')) };
}

const subscriber = subscriberFixture({ lastName: null, consents: ['DNE'] });
const link = `${base}/newsletter-subscribers/a%2Bb%2F%3D`;

describe('readSubscriber', () => {
  test('GETs the subscriber by its URL-encoded token, never from a cache', async () => {
    const fetchMock = answer(200, subscriber);
    expect(await readSubscriber(base, 'a+b/=')).toEqual({ status: 'FOUND', subscriber });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(link);
    expect(init).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
    expect(init.method).toBeUndefined();
  });

  test.each([
    [404, { type: 'urn:newsletter:token_unknown' }, 'LINK_INVALID'],
    [410, { type: 'urn:newsletter:token_expired' }, 'LINK_INVALID'],
    [500, undefined, 'ERROR'],
    [429, { type: 'urn:service:too_many_requests' }, 'ERROR'],
    [200, { email: 'anna@example.com' }, 'ERROR'],
  ])('status %i with %j is %s', async (status, body, expected) => {
    answer(status, body);
    expect((await readSubscriber(base, 't')).status).toBe(expected);
  });

  test('gives up after 15000 ms with ERROR: a slow service is not an invalid link', async () => {
    const { timeout, fire } = hangUntilTimeout();
    const pending = readSubscriber(base, 't');
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    fire();
    expect(await pending).toEqual({ status: 'ERROR' });
  });
});

describe('updateSubscriber', () => {
  const update = { salutation: 'MRS' as const, firstName: 'Anna', consents: [] };

  test('PUTs the update as JSON, same-origin, and answers the stored subscriber', async () => {
    const fetchMock = answer(200, subscriber);
    expect(await updateSubscriber(base, 'a+b/=', update)).toEqual({ status: 'SAVED', subscriber });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(link);
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(init.body as string)).toEqual(update);
  });

  test('a refused request hands on the errors per field; a 400 of another kind is an ERROR', async () => {
    const errors = { firstName: ['newsletter.error.firstNameRequired'] };
    answer(400, { type: 'urn:newsletter:invalid_request', errors });
    expect(await updateSubscriber(base, 't', update)).toEqual({ status: 'INVALID', errors });
    answer(400, { type: 'urn:service:something_else' });
    expect(await updateSubscriber(base, 't', update)).toEqual({ status: 'ERROR' });
  });

  test.each([
    [404, 'LINK_INVALID'],
    [410, 'LINK_INVALID'],
    [403, 'ERROR'],
    [500, 'ERROR'],
  ])('status %i is %s', async (status, expected) => {
    answer(status, { type: 'urn:x' });
    expect((await updateSubscriber(base, 't', update)).status).toBe(expected);
  });

  test('a 2xx with a malformed answer is still saved; a time-out is an ERROR', async () => {
    answer(200, 'ok');
    expect(await updateSubscriber(base, 't', update)).toEqual({ status: 'SAVED', subscriber: undefined });
    const { timeout, fire } = hangUntilTimeout();
    const pending = updateSubscriber(base, 't', update);
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    fire();
    expect(await pending).toEqual({ status: 'ERROR' });
  });
});

describe('unsubscribe', () => {
  test('DELETEs the subscriber with a JSON body {}, same-origin; 204 is UNSUBSCRIBED', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await unsubscribe(base, 'a+b/=')).toBe('UNSUBSCRIBED');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(link);
    expect(init).toMatchObject({
      method: 'DELETE',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  });

  test.each([
    [404, 'LINK_INVALID'],
    [410, 'LINK_INVALID'],
    [415, 'ERROR'],
    [500, 'ERROR'],
  ])('status %i is %s', async (status, expected) => {
    answer(status, { type: 'urn:x' });
    expect(await unsubscribe(base, 't')).toBe(expected);
  });

  test('a network failure and a time-out are an ERROR, never a silent success', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await unsubscribe(base, 't')).toBe('ERROR');
    const { timeout, fire } = hangUntilTimeout();
    const pending = unsubscribe(base, 't');
    expect(timeout).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    fire();
    expect(await pending).toBe('ERROR');
  });
});
