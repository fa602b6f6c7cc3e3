import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing.ts';
import { linkIn, readOutbox } from '../../server/mail/outboxReader.ts';

/** The create call of the newsletter service, as the shop pages send it. */
export const SIGN_UP = '/service/newsletter/api/internal/newsletter-subscribers';

/** A test server with its outbox in its own temporary folder. */
export async function startEdgeServer(env: Record<string, string> = {}, distDir?: string): Promise<TestServer & { outbox: string }> {
  const server = await startTestServer({ env, ...(distDir ? { distDir } : {}) });
  return { ...server, outbox: env.OUTBOX_DIR ?? path.join(server.dir, 'outbox') };
}

/** Everything the service has stored about subscribers, and every e-mail it sent or queued (as `job {id}`). */
export function storedState(server: TestServer & { outbox: string }) {
  const jobs = server.db.prepare('SELECT id FROM mail_jobs').all() as { id: number }[];
  return {
    subscribers: server.db.prepare('SELECT * FROM subscribers').all(),
    mails: [...(fs.existsSync(server.outbox) ? fs.readdirSync(server.outbox) : []), ...jobs.map((job) => `job ${job.id}`)],
  };
}

/** The confirmation links of the first `count` mails in the outbox, oldest first, waiting for the sender to deliver them. */
export async function confirmationLinks(server: TestServer & { outbox: string }, count: number): Promise<URL[]> {
  await expect.poll(async () => (await readOutbox(server.outbox)).length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
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
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path: options.path, headers: options.headers, insecureHTTPParser: true },
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
