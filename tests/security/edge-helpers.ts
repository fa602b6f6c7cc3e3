import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing.ts';
import { linkIn, readOutbox } from '../../server/mail/outboxReader.ts';

/** The create call of the newsletter service, as the shop pages send it. */
export const SIGN_UP = '/service/newsletter/api/internal/newsletter-subscribers';

/** A test server with its outbox in its own temporary folder. */
export async function startEdgeServer(
  env: Record<string, string> = {},
  distDir?: string,
): Promise<TestServer & { outbox: string }> {
  const server = await startTestServer({ env, ...(distDir ? { distDir } : {}) });
  return { ...server, outbox: env.OUTBOX_DIR ?? path.join(server.dir, 'outbox') };
}

/** Everything the service has stored about subscribers, and every e-mail it sent or queued (as `job {id}`). */
export function storedState(server: TestServer & { outbox: string }) {
  const jobs = server.db.prepare('SELECT id FROM mail_jobs').all() as { id: number }[];
  return {
    subscribers: server.db.prepare('SELECT * FROM subscribers').all(),
    mails: [
      ...(fs.existsSync(server.outbox) ? fs.readdirSync(server.outbox) : []),
      ...jobs.map((job) => `job ${job.id}`),
    ],
  };
}

/** The confirmation links of the first `count` mails in the outbox, oldest first, waiting for the sender to deliver them. */
export async function confirmationLinks(server: TestServer & { outbox: string }, count: number): Promise<URL[]> {
  await expect
    .poll(async () => (await readOutbox(server.outbox)).length, { timeout: 5000 })
    .toBeGreaterThanOrEqual(count);
  return (await readOutbox(server.outbox)).slice(0, count).map((mail) => linkIn(mail, '/newsletter/confirm/'));
}

/** A request exactly as written (fetch would normalise backslashes, dot segments and headers like Host). */
export function rawRequest(
  origin: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        insecureHTTPParser: true,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The headers a page's own plain form sends: same origin, as a browser on this site posts it. */
export function sameSiteFormHeaders(origin: string): Record<string, string> {
  return { 'content-type': 'application/x-www-form-urlencoded', origin, 'sec-fetch-site': 'same-origin' };
}

/** Posts a plain form (repeated values for arrays) as a browser on this site does, or with the headers given; redirects are not followed. */
export function postForm(
  origin: string,
  pathname: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return fetch(origin + pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...sameSiteFormHeaders(origin), ...headers },
    body: body.toString(),
  });
}

/** A response read to its end (so its connection is free again): status, headers without `Date`, body. */
export async function answerOf(
  response: Response,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
  return { status: response.status, headers, body: await response.text() };
}

/**
 * A stand-in for the on-demand renderer's build in a new temporary folder (pass it as `PREVIEW_RENDERER_DIR`): every
 * page it renders is the JSON of the path asked for and the locals handed over (without the footer), so a test can
 * see which page a form's answer is shown on and what it shows.
 */
export function stubRendererDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-stub-renderer-'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `export const handler = async (req, res, next, { footerContentJSON, ...locals }) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(JSON.stringify({ path: req.url, ...locals }));
    };`,
  );
  return dir;
}

/**
 * `storedState` once the mail sender has handed over every mail queued so far (delivering a confirmation also stamps
 * its subscriber's row), so that a later `storedState` differs only by what requests since then changed.
 */
export async function settledState(server: TestServer & { outbox: string }) {
  const unsettled = server.db.prepare(`
    SELECT COUNT(*) AS n FROM mail_jobs WHERE state IN ('queued', 'sending') OR (kind = 'newsletter.confirmation' AND state = 'sent'
      AND subscriber_id IN (SELECT id FROM subscribers WHERE confirmation_sent_at IS NULL))`);
  await expect.poll(() => unsettled.get(), { timeout: 5000 }).toEqual({ n: 0 });
  return storedState(server);
}
