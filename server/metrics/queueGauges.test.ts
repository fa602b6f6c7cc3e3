import { afterEach, expect, test } from 'vitest';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient } from '../newsletter/testClient.ts';
import { MAIL_JOB_STATES, mailStatusReport } from '../mail/mailStatus.ts';
import { iysSyncStates } from '../iys/syncQueue.ts';
import { sampleValue } from './exposition.ts';

// The queue's gauges are read from the shared database at scrape time, by the statements `npm run mail:status` runs
// (docs/operations.md#monitoring): both show the same figures.
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const scraped = async (origin: string) => {
  const response = await fetch(origin + serviceUrl(services.metrics, 'metrics'), {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
};

/** The count of a line `  <label>  <n>` under the report's section `title`. */
function reported(report: string, title: string, label: string): number {
  const section = report.split('\n\n').find((part) => part.startsWith(title));
  const line = section?.split('\n').find((row) => row.trim().startsWith(`${label} `));
  if (!line) throw new Error(`no line ${label} under ${title} in:\n${report}`);
  return Number(line.trim().split(/\s+/).at(-1));
}

test('mail_jobs and iys_registrations equal mail:status, state by state', async () => {
  server = await startTestServer({ env: { METRICS_TOKEN } });
  const client = newsletterTestClient(server, `${server.dir}/outbox`);
  // A TR subscription (its İYS registration, its welcome mail held for İYS) and two pending sign-ups.
  const turkish = { email: 'gauge-tr@example.com', firstName: 'Ayşe', lastName: 'Yılmaz', legals: ['NEWSLETTER'] };
  await client.subscribed(turkish, 'TR');
  for (const email of ['gauge-1@example.com', 'gauge-2@example.com'])
    expect((await client.subscribe({ email, consents: [] }, { site: 'DE' })).status).toBe(201);
  await server.mail.sender.drained();
  const report = await mailStatusReport(server.shared);
  const text = await scraped(server.origin);
  const figures = (read: (state: string, section: string, series: string) => number) => ({
    mail: Object.fromEntries(MAIL_JOB_STATES.map((state) => [state, read(state, 'Mails by state', 'mail_jobs')])),
    iys: Object.fromEntries(
      iysSyncStates.map((state) => [state, read(state, 'İYS registrations by state', 'iys_registrations')]),
    ),
  });
  const fromReport = figures((state, section) => reported(report, section, state));
  expect(figures((state, _, series) => sampleValue(text, series, { state }))).toEqual(fromReport);
  expect(sampleValue(text, 'iys_past_deadline')).toBe(
    reported(report, 'İYS registrations by state', 'pending past deadline'),
  );
  expect(fromReport.mail.sent).toBeGreaterThanOrEqual(3);
  expect(Object.values(fromReport.iys).reduce((sum, n) => sum + n, 0)).toBe(1);
});

test('the oldest unsent mail has an age while one waits, none once all went out', async () => {
  server = await startTestServer({ env: { METRICS_TOKEN }, mail: false });
  const client = newsletterTestClient(server, `${server.dir}/outbox`);
  expect(sampleValue(await scraped(server.origin), 'mail_oldest_unsent_age_seconds')).toBe(0);
  expect((await client.subscribe({ email: 'waiting@example.com', consents: [] }, { site: 'DE' })).status).toBe(201);
  const waiting = await scraped(server.origin);
  expect(sampleValue(waiting, 'mail_jobs', { state: 'queued' })).toBe(1);
  expect(sampleValue(waiting, 'mail_oldest_unsent_age_seconds')).toBeGreaterThan(0);
  expect(sampleValue(waiting, 'mail_sender_stalled')).toBe(0);
  server.mail.sender.start();
  await server.mail.sender.drained();
  expect(sampleValue(await scraped(server.origin), 'mail_oldest_unsent_age_seconds')).toBe(0);
});
