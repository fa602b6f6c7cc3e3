import { afterEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { SUBSCRIBERS } from '../newsletter/testClient.ts';
import { SUBSCRIBER_RIGHTS_PER_WINDOW } from './subscriberRightsLimit.ts';

// Exports and erasures count per client, by call and by the preferences page, with a right token or a wrong one
// (docs/newsletter.md#subscriber-rights): they cannot be used to try tokens.
let server: TestServer;
afterEach(() => server.close());

const unknownToken = 'a'.repeat(43);
const from = (client: string) => ({ 'x-forwarded-for': client });

test('the calls and the page share one count per client; beyond it 429 with Retry-After, other clients unaffected', async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  const exportCall = (client: string) =>
    fetch(`${server.origin}${SUBSCRIBERS}/${unknownToken}/export`, { headers: from(client) });
  const eraseCall = (client: string) =>
    fetch(`${server.origin}${SUBSCRIBERS}/${unknownToken}/erase`, {
      method: 'POST',
      headers: { ...from(client), 'content-type': 'application/json' },
      body: '{}',
    });
  const erasePage = (client: string) =>
    fetch(`${server.origin}/de/newsletter/preferences/?token=${unknownToken}`, {
      method: 'POST',
      headers: { ...from(client), 'content-type': 'application/x-www-form-urlencoded', origin: server.origin },
      body: 'intent=eraseConfirmed',
    });

  const within = [];
  for (let index = 0; index < SUBSCRIBER_RIGHTS_PER_WINDOW; index += 1)
    within.push((await (index % 2 === 0 ? exportCall : eraseCall)('203.0.113.7')).status);
  // A wrong token is a 404 each time, as for any token, until the limit.
  expect(within).toEqual(Array(SUBSCRIBER_RIGHTS_PER_WINDOW).fill(404));

  const over = await exportCall('203.0.113.7');
  expect(over.status).toBe(429);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await eraseCall('203.0.113.7')).status).toBe(429);
  const page = await erasePage('203.0.113.7');
  expect(page.status).toBe(429);
  expect(await page.text()).toBe('Zu viele Anfragen in kurzer Zeit. Bitte versuchen Sie es später noch einmal.');

  // Another client still gets its answer.
  expect((await exportCall('198.51.100.20')).status).toBe(404);
  expect((await erasePage('198.51.100.20')).status).toBe(404);
});
