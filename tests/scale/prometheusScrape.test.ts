import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/faults/serverProcess.mjs';
import { prometheusMissing } from '../../scripts/lib/prometheus.mjs';
import { createPostgresTestDatabase, postgresTestUrl } from '../../server/database/postgresTestDatabase.ts';
import { SUBSCRIBERS } from '../../server/newsletter/testClient.ts';
import { startPrometheus, type PrometheusServer, type QueriedSample } from '../support/prometheusServer.ts';

// A real Prometheus (Debian's) scrapes two instances on one PostgreSQL database, as docs/operations.md#monitoring
// tells operators to set it up: the sign-ups made through both add up in its own query API, and a stalled mail sender
// fires its alert. The rules are a copy of server/metrics/alerts.yml with every `for:` cut to one second, scraped and
// evaluated every second, so the test waits for events, not minutes. Skipped, saying why, without Prometheus or
// PostgreSQL.
const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const missing = prometheusMissing() ?? (postgresTestUrl() ? undefined : 'TEST_DATABASE_URL is not set');
if (missing) console.warn(`The real-Prometheus test is skipped: ${missing}`);

let dir: string;
let instances: ServerProcess[] = [];
let prometheus: PrometheusServer | undefined;
let drop: (() => Promise<void>) | undefined;
let databaseUrl: string;

/** The scrape config of docs/operations.md#monitoring, every second, with the test copy of the alert rules. */
function prometheusConfig(targets: string[]): string {
  const rules = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/metrics/alerts.yml'), 'utf8');
  fs.writeFileSync(path.join(dir, 'alerts.yml'), rules.replace(/^(\s+for:) \S+$/gm, '$1 1s'));
  return [
    'global: { scrape_interval: 1s, evaluation_interval: 1s }',
    'rule_files: [alerts.yml]',
    'scrape_configs:',
    '  - job_name: storefront',
    '    metrics_path: /service/metrics',
    `    authorization: { credentials: ${METRICS_TOKEN} }`,
    `    static_configs: [{ targets: [${targets.join(', ')}] }]`,
    '',
  ].join('\n');
}

/** Polls Prometheus until `expression` answers what `enough` wants; fails after `ms` with what it last saw. */
async function queryUntil(
  expression: string,
  enough: (samples: QueriedSample[]) => boolean,
  ms = 20_000,
): Promise<QueriedSample[]> {
  const end = Date.now() + ms;
  for (;;) {
    const samples = await prometheus!.query(expression);
    if (enough(samples)) return samples;
    if (Date.now() > end)
      throw new Error(`${expression} answered ${JSON.stringify(samples)} after ${ms} ms\n${prometheus!.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const signUp = (origin: string, email: string) =>
  fetch(`${origin}${SUBSCRIBERS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', site: 'DE' },
    body: JSON.stringify({ email, consents: [] }),
  });

describe.skipIf(missing !== undefined)('a real Prometheus, two instances, one PostgreSQL', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prometheus-scrape-'));
    const database = await createPostgresTestDatabase();
    drop = database.drop;
    databaseUrl = database.url;
    const env = (index: number) => ({
      DATABASE_URL: database.url,
      DB_PATH: path.join(dir, `own-${index}.sqlite`),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      DIST_DIR: path.join(dir, 'dist'),
      RELEASES_DIR: path.join(dir, 'releases'),
      PUBLISHER: 'off',
      METRICS_TOKEN,
      LOG_FORMAT: 'json',
      // A locked queue fails the sender's statements within two seconds (see the stall below).
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    });
    instances = await Promise.all([0, 1].map((index) => startServerProcess(env(index))));
    prometheus = await startPrometheus(
      dir,
      prometheusConfig(instances.map((instance) => new URL(instance.origin).host)),
    );
  }, 60_000);
  afterAll(async () => {
    await prometheus?.stop();
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    await drop?.();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('both instances are scraped; the sign-ups made through both add up', async () => {
    await queryUntil('sum(up{job="storefront"})', (samples) => samples[0]?.value === 2);
    const [first, second] = instances.map((instance) => instance.origin);
    const made = [
      ...['a', 'b', 'c'].map((name) => signUp(first!, `scrape-${name}@example.com`)),
      ...['d', 'e'].map((name) => signUp(second!, `scrape-${name}@example.com`)),
    ];
    expect((await Promise.all(made)).map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    await queryUntil(
      'sum(newsletter_signups_total{shop="de", outcome="created"})',
      (samples) => samples[0]?.value === 5,
    );
    const perInstance = await prometheus!.query('newsletter_signups_total{shop="de", outcome="created"}');
    expect(perInstance.map((sample) => sample.value).sort()).toEqual([2, 3]);
    // The queue is the shared one: both instances report the same five confirmation mails.
    await queryUntil(
      'sum by (instance) (mail_jobs{state=~"queued|sending|sent"})',
      (samples) => samples.length === 2 && samples.every((sample) => sample.value === 5),
    );
  }, 60_000);

  test('a stalled mail sender fires MailSenderStalled', async () => {
    expect((await prometheus!.alerts()).filter((alert) => alert.labels.alertname === 'MailSenderStalled')).toEqual([]);
    // Another session holds the queue's table: reads go on (the scrape's gauges), the senders' claims time out.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE mail_jobs IN EXCLUSIVE MODE');
      await queryUntil('max(mail_sender_stalled)', (samples) => samples[0]?.value === 1);
      const end = Date.now() + 20_000;
      for (;;) {
        const firing = (await prometheus!.alerts()).filter(
          (alert) => alert.labels.alertname === 'MailSenderStalled' && alert.state === 'firing',
        );
        if (firing.length > 0) {
          expect(firing[0]!.labels).toMatchObject({ severity: 'page' });
          expect(instances.map((instance) => new URL(instance.origin).host)).toContain(firing[0]!.labels.instance);
          break;
        }
        if (Date.now() > end) throw new Error(`MailSenderStalled did not fire within 20 s\n${prometheus!.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    // The sender works again once the lock is gone.
    await queryUntil('max(mail_sender_stalled)', (samples) => samples[0]?.value === 0, 30_000);
  }, 60_000);
});
