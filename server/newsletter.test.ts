import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './testing.ts';

const url = '/service/newsletter/api/internal/newsletter-subscribers';
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

function subscribe(body: unknown, base = url) {
  return fetch(server.origin + base, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function storedSubscribers() {
  return server.db.prepare('SELECT email, first_name, consents, origin, origin_addition, status FROM subscribers').all();
}

describe('POST /newsletter-subscribers', () => {
  test('stores a valid sign-up as waiting for double opt-in and answers 201', async () => {
    const response = await subscribe({ email: 'anna@example.com', firstName: 'Zoë', consents: ['DNE'] });
    expect(response.status).toBe(201);
    expect(storedSubscribers()).toEqual([
      { email: 'anna@example.com', first_name: 'Zoë', consents: '["DNE"]', origin: 'onsite', origin_addition: 'subsite', status: 'WAITING_FOR_DOI' },
    ]);
  });

  test('is also reachable under the private base path', async () => {
    const response = await subscribe({ email: 'b@example.com', consents: [] }, url.replace('internal', 'private'));
    expect(response.status).toBe(201);
  });

  test('answers the email_invalid problem for a bad address and stores nothing', async () => {
    const response = await subscribe({ email: 'not-an-address', consents: [] });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'urn:newsletter:email_invalid' });
    expect(storedSubscribers()).toEqual([]);
  });

  test('answers a generic problem for other invalid fields and for malformed JSON', async () => {
    const badName = await subscribe({ email: 'c@example.com', firstName: 'www.spam.com', consents: [] });
    expect(badName.status).toBe(400);
    expect(await badName.json()).toMatchObject({ type: 'urn:newsletter:invalid_request' });
    const malformed = await subscribe('{"email":');
    expect(malformed.status).toBe(400);
    expect(storedSubscribers()).toEqual([]);
  });

  test('gives an already known address the same answer as a new one', async () => {
    const first = await subscribe({ email: 'd@example.com', consents: [] });
    const again = await subscribe({ email: 'D@example.com', consents: ['DNE'] });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(await again.text()).toBe(await first.text());
    expect(storedSubscribers()).toHaveLength(1);
  });
});
