import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../newsletter/testClient.ts';
import { iysConsentDate } from './iysTimes.ts';
import { WAITING_FOR_IYS, type IysSyncRow } from './syncQueue.ts';

// Turkey's İYS (docs/newsletter.md#iys): a confirmed TR subscription is registered as ONAY, an unsubscribe as RET,
// through the queue, with the server's stand-in İYS; the welcome mail waits for İYS.
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;

beforeEach(async () => {
  server = await startTestServer();
  client = newsletterTestClient(server, `${server.dir}/outbox`);
});
afterEach(() => server.close());

const tr = (email: string) => ({ email, firstName: 'Ayşe', lastName: 'Yılmaz', legals: ['NEWSLETTER'] });
const iysRows = () => server.db.prepare('SELECT * FROM iys_sync ORDER BY id').all() as unknown as IysSyncRow[];
const welcomeJob = (email: string) =>
  server.db
    .prepare(`SELECT state, last_error FROM mail_jobs WHERE recipient = ? AND kind = 'newsletter.welcome'`)
    .get(email) as { state: string; last_error: string | null };
const confirmedAt = (email: string) =>
  (server.db.prepare('SELECT confirmed_at FROM subscribers WHERE email = ?').get(email) as { confirmed_at: string })
    .confirmed_at;
const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

describe('İYS registration of TR consents', () => {
  test('a TR confirmation reaches İYS as ONAY (EPOSTA, BIREYSEL, HS_WEB, the confirmation instant in Istanbul time)', async () => {
    await client.subscribed(tr('ayse@example.com'), 'TR');

    await waitFor(() => expect(server.iys.standIn.received).toHaveLength(1));
    const [received] = server.iys.standIn.received;
    expect(received!.body).toEqual({
      recipientType: 'BIREYSEL',
      type: 'EPOSTA',
      source: 'HS_WEB',
      status: 'ONAY',
      consentDate: iysConsentDate(new Date(confirmedAt('ayse@example.com'))),
      recipient: 'ayse@example.com',
    });
    await waitFor(() =>
      expect(iysRows()).toEqual([
        expect.objectContaining({ status: 'ONAY', state: 'accepted', shop: 'TR', request_id: received!.requestId }),
      ]),
    );
  });

  test('an unsubscribe reaches İYS as RET, after the ONAY', async () => {
    const preferences = await client.subscribed(tr('cem@example.com'), 'TR');
    await waitFor(() => expect(iysRows()[0]?.state).toBe('accepted'));

    expect((await client.json('DELETE', `${SUBSCRIBERS}/${preferences}`)).status).toBe(204);

    await waitFor(() =>
      expect(server.iys.standIn.received.map((consent) => consent.body.status)).toEqual(['ONAY', 'RET']),
    );
    expect(server.iys.standIn.received[1]!.body.recipient).toBe('cem@example.com');
    await waitFor(() =>
      expect(iysRows().map((row) => [row.status, row.state])).toEqual([
        ['ONAY', 'accepted'],
        ['RET', 'accepted'],
      ]),
    );
  });

  test('while İYS answers 503 the ONAY is retried and the welcome mail held; once it answers, both go', async () => {
    server.iys.standIn.setBusy(true);
    await client.subscribed(tr('deniz@example.com'), 'TR');

    await waitFor(() => expect(iysRows()[0]?.attempts).toBeGreaterThanOrEqual(2));
    expect(iysRows()[0]).toMatchObject({ state: 'pending', status: 'ONAY' });
    expect(iysRows()[0]!.last_error).toContain('HTTP 503');
    expect(welcomeJob('deniz@example.com')).toEqual({ state: 'queued', last_error: WAITING_FOR_IYS });
    // The confirmation mail (transactional) went; the welcome mail (marketing) did not.
    expect(await client.mails()).toHaveLength(1);

    server.iys.standIn.setBusy(false);

    await waitFor(() => expect(iysRows()[0]?.state).toBe('accepted'));
    const welcome = await client.mailTo('deniz@example.com', 2);
    expect(welcome.subject).not.toBe((await client.mails())[0]!.subject);
    expect(welcomeJob('deniz@example.com').state).toBe('sent');
  });

  test('a DE confirmation registers nothing with İYS, and its welcome mail goes at once', async () => {
    await client.subscribed({ email: 'de@example.com' }, 'DE');
    await client.mailTo('de@example.com', 2);
    expect(iysRows()).toEqual([]);
    expect(server.iys.standIn.received).toEqual([]);
  });
});
