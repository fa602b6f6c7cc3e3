// The mail figures for `npm run bench` (docs/performance.md#mail): the services as `npm run serve` runs them, sending
// through a real SMTP server on loopback (smtp-server, in this process). Two figures:
// - drain: mails per second while the sender empties a queue: `queued` sign-ups are made while the SMTP server refuses
//   (421), the services are stopped, every job is made due, and the services start again with the server accepting;
//   timed from the restarted services' first arrival to the last;
// - latency: sign-up call to the confirmation mail's arrival at the SMTP server, one sign-up at a time on an idle
//   queue (median and p99).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openAsAnotherProgram } from '../../server/database/sqliteFile.ts';
import { startLocalSmtpServer } from '../../server/mail/localSmtpServer.ts';
import { startServices } from './services.mjs';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;

async function waitUntil(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`bench mail: ${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * @param {{ queued?: number, sequential?: number }} [options]
 */
export async function measureMail({ queued = 1000, sequential = 200 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-mail-'));
  const smtp = await startLocalSmtpServer({ parse: false });
  const env = {
    SMTP_URL: smtp.url,
    DB_PATH: path.join(dir, 'bench.sqlite'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    DIST_DIR: path.join(dir, 'dist'),
    RELEASES_DIR: path.join(dir, 'releases'),
    NEWSLETTER_SIGNUPS_PER_MINUTE: '100000',
    NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '10000000',
    NEWSLETTER_CONFIRMATIONS_PER_HOUR: '10000000',
    MAIL_RETRY_MS: '3600000',
    MAIL_RETRY_MAX_MS: '3600000',
  };
  let services = await startServices({ quiet: true, env });
  const signUp = async (email) => {
    const response = await fetch(`${services.origin}/service/newsletter/api/internal/newsletter-subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', site: 'DE' },
      body: JSON.stringify({ email, consents: [] }),
    });
    if (response.status !== 201) throw new Error(`bench mail: sign-up answered ${response.status}`);
  };
  try {
    // Latency first, on an idle queue.
    const latencies = [];
    for (let index = 0; index < sequential; index += 1) {
      const email = `latency-${index}@example.com`;
      const started = Date.now();
      await signUp(email);
      await waitUntil(() => smtp.received.some((mail) => mail.to === email), `the mail to ${email}`);
      latencies.push(smtp.received.find((mail) => mail.to === email).arrivedAt - started);
    }
    // Then a queue: sign-ups while the SMTP server refuses (each job is tried once, then waits an hour)…
    smtp.refuse(421);
    const before = smtp.received.length;
    for (let index = 0; index < queued; index += 8) {
      await Promise.all(
        Array.from({ length: Math.min(8, queued - index) }, (_, offset) =>
          signUp(`drain-${index + offset}@example.com`),
        ),
      );
    }
    await services.stop();
    // …every job due now, and the services start again with the server accepting.
    const db = openAsAnotherProgram(env.DB_PATH);
    db.prepare(`UPDATE mail_jobs SET next_attempt_at = ? WHERE state = 'queued'`).run(new Date().toISOString());
    db.close();
    smtp.refuse(null);
    services = await startServices({ quiet: true, env });
    await waitUntil(() => smtp.received.length - before >= queued, `${queued} queued mails`);
    const drained = smtp.received.slice(before);
    const seconds = (drained.at(-1).arrivedAt - drained[0].arrivedAt) / 1000;
    const unique = new Set(drained.map((mail) => mail.to)).size;
    return {
      transport: 'SMTP, smtp-server on loopback',
      drain: { mails: queued, unique, seconds: round(seconds), mailsPerSecond: Math.round((queued - 1) / seconds) },
      signUpToArrivalMs: {
        runs: sequential,
        median: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(...latencies),
      },
    };
  } finally {
    await services.stop();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per figure, for the console. */
export function mailSummary(figures) {
  const { drain, signUpToArrivalMs: latency } = figures;
  return [
    `Mail drain (${figures.transport}): ${drain.mails} queued mails (${drain.unique} addresses) in ${drain.seconds} s, ${drain.mailsPerSecond} mails/s`,
    `Sign-up → arrival (${latency.runs} sign-ups one at a time): median ${latency.median} ms, p99 ${latency.p99} ms, max ${latency.max} ms`,
  ].join('\n');
}
