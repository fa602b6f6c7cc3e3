import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';

// The limits are written out here on purpose (docs/constants.md#limits): a changed constant must fail a test, so the
// service's boundary is pinned literally on both sides rather than relative to the constant.
const url = '/service/newsletter/api/internal/newsletter-subscribers';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An address of exactly `length` characters. */
function addressOfLength(length: number, tag: string): string {
  const domain = `@${tag}.example.com`;
  return 'a'.repeat(length - domain.length) + domain;
}

function subscribe(body: Record<string, unknown>, site = 'DE') {
  return fetch(server.origin + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', site },
    body: JSON.stringify(body),
  });
}

describe('the newsletter service pins its limits', () => {
  test('an e-mail address of 256 characters is accepted, one of 257 refused as invalid', async () => {
    expect(addressOfLength(256, 'a')).toHaveLength(256);
    expect((await subscribe({ email: addressOfLength(256, 'a'), consents: [] })).status).toBe(201);
    const refused = await subscribe({ email: addressOfLength(257, 'b'), consents: [] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: 'urn:newsletter:email_invalid' });
  });

  test('first and last names of 40 characters are accepted, of 41 refused', async () => {
    const forty = 'Ä'.repeat(40);
    expect(
      (await subscribe({ email: 'names40@example.com', firstName: forty, lastName: forty, consents: [] }, 'AT')).status,
    ).toBe(201);
    const refused = await subscribe(
      { email: 'names41@example.com', firstName: `${forty}x`, lastName: `${forty}x`, consents: [] },
      'AT',
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errors: { firstName: ['newsletter.error.nameTooLong'], lastName: ['newsletter.error.nameTooLong'] },
    });
  });

  test('origin and originAddition of 64 characters are accepted, of 65 refused', async () => {
    const ok = await subscribe({
      email: 'origin64@example.com',
      consents: [],
      origin: 'o'.repeat(64),
      originAddition: 'a'.repeat(64),
    });
    expect(ok.status).toBe(201);
    const refused = await subscribe({
      email: 'origin65@example.com',
      consents: [],
      origin: 'o'.repeat(65),
      originAddition: 'a'.repeat(65),
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(((await refused.json()) as { errors: object }).errors).sort()).toEqual([
      'origin',
      'originAddition',
    ]);
  });
});
