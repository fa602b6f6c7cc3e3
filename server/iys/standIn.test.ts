import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { iysConsentDate } from './iysTimes.ts';

// The stand-in İYS under /service/iys (docs/calls.md#iys-stand-in): İYS's paths, checks and answers.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ mail: false });
});
afterEach(() => server.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/service/iys${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const CONSENTS = '/sps/100000/brands/100001/consents';
const consent = {
  recipientType: 'BIREYSEL',
  type: 'EPOSTA',
  source: 'HS_WEB',
  status: 'ONAY',
  consentDate: iysConsentDate(new Date()),
  recipient: 'ayse@example.com',
};

async function bearer(): Promise<Record<string, string>> {
  const response = await post('/oauth2/token', {
    username: 'stand-in',
    password: 'stand-in-password',
    grant_type: 'password',
  });
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

describe('the stand-in İYS API', () => {
  test('a wrong password gets no token (401); a token without grant_type password is a 400', async () => {
    const wrong = await post('/oauth2/token', { username: 'stand-in', password: 'guess', grant_type: 'password' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ errors: [expect.objectContaining({ code: 'INVALID_GRANT' })] });
    expect((await post('/oauth2/token', { username: 'stand-in', password: 'stand-in-password' })).status).toBe(400);
  });

  test('a consent without a valid bearer token is refused with 401 and not kept', async () => {
    expect((await post(CONSENTS, consent)).status).toBe(401);
    expect((await post(CONSENTS, consent, { authorization: 'Bearer made-up' })).status).toBe(401);
    expect(server.iys.standIn.received).toEqual([]);
  });

  test('a well-formed consent answers 200 with a requestId; bad fields 400 naming the field; other codes 403', async () => {
    const auth = await bearer();
    const ok = await post(CONSENTS, consent, auth);
    expect(ok.status).toBe(200);
    const { requestId } = (await ok.json()) as { requestId: string };
    expect(server.iys.standIn.received).toEqual([{ iysCode: '100000', brandCode: '100001', requestId, body: consent }]);

    for (const [field, value] of [
      ['status', 'MAYBE'],
      ['type', 'FAX'],
      ['consentDate', '2026-11-25T12:00:00Z'],
      ['recipient', 'not-an-address'],
    ]) {
      const bad = await post(CONSENTS, { ...consent, [field!]: value }, auth);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ errors: [expect.objectContaining({ location: [field] })] });
    }
    expect((await post('/sps/999/brands/100001/consents', consent, auth)).status).toBe(403);
    expect(server.iys.standIn.received).toHaveLength(1);
  });

  test('setBusy makes it answer 503 until switched off', async () => {
    const auth = await bearer();
    server.iys.standIn.setBusy(true);
    expect((await post(CONSENTS, consent, auth)).status).toBe(503);
    server.iys.standIn.setBusy(false);
    expect((await post(CONSENTS, consent, auth)).status).toBe(200);
  });

  test('with IYS_URL set (a real İYS), the stand-in is not served', async () => {
    const real = await startTestServer({
      mail: false,
      env: { IYS_URL: 'https://iys.invalid', IYS_PASSWORD: 'real-secret' },
    });
    try {
      const response = await fetch(`${real.origin}/service/iys/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(404);
    } finally {
      await real.close();
    }
  });
});
