import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { expirySweeper } from './expirySweep.ts';
import { ENDED_MAIL_RETENTION_MS, PROOF_RETENTION_MS } from './retention.ts';
import { subscriberAudit } from './subscriberAudit.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';

// The retention table (docs/newsletter.md#what-stays-after-erasure), applied by the periodic sweep, with its clock
// injected.
const DAY_MS = 24 * 60 * 60 * 1000;
const quiet = { log: () => {}, error: () => {} };
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;
beforeEach(async () => {
  server = await startTestServer();
  client = newsletterTestClient(server, `${server.dir}/outbox`);
});
afterEach(() => server.close());

const count = (query: string, ...values: string[]) =>
  (server.db.prepare(`SELECT COUNT(*) AS n FROM ${query}`).get(...values) as { n: number }).n;

describe('the retention sweep', () => {
  test('ended mails go after their period, the erased consent proof and audit entries after theirs; the rest stays', async () => {
    const start = Date.now();
    const left = 'gegangen@example.com';
    const erased = 'geloescht@example.com';
    const staying = 'bleibt@example.com';
    const leftToken = await client.subscribed({ email: left }, 'AT');
    const erasedToken = await client.subscribed({ email: erased }, 'AT');
    await client.subscribed({ email: staying }, 'AT');
    await server.mail.sender.drained();
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${leftToken}`, {})).status).toBe(204);
    expect((await client.json('POST', `${SUBSCRIBERS}/${erasedToken}/erase`)).status).toBe(204);
    await subscriberAudit(server.shared).record('export', ['AT'], 'Petra', new Date(start));
    const erasedLog = `consent_events WHERE subscriber_id = (SELECT id FROM subscribers WHERE status = 'ERASED')`;
    expect([count('mail_jobs WHERE recipient = ?', left), count(erasedLog), count('subscriber_audit')]).toEqual([
      2, 3, 1,
    ]);

    let clock = new Date(start + ENDED_MAIL_RETENTION_MS - DAY_MS);
    const sweeper = expirySweeper(server.shared, { now: () => clock, log: quiet });
    await sweeper.runOnce();
    expect(count('mail_jobs WHERE recipient = ?', left)).toBe(2);

    clock = new Date(start + ENDED_MAIL_RETENTION_MS + DAY_MS);
    await sweeper.runOnce();
    expect(count('mail_jobs WHERE recipient = ?', left)).toBe(0);
    expect(count(`subscribers WHERE email = ? AND status = 'UNSUBSCRIBED'`, left)).toBe(1);
    expect([count(erasedLog), count('subscriber_audit')]).toEqual([3, 1]);

    clock = new Date(start + PROOF_RETENTION_MS + DAY_MS);
    await sweeper.runOnce();
    expect([count(erasedLog), count('subscriber_audit')]).toEqual([0, 0]);
    expect(count(`subscribers WHERE status = 'ERASED' AND email LIKE '%#%'`)).toBe(0);
    expect(count('mail_jobs WHERE recipient = ?', staying)).toBe(2);
    expect(count(`consent_events WHERE email = ?`, staying)).toBe(2);
  });
});
