import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startServerProcess } from '../../scripts/lib/faults/serverProcess.mjs';
import { REFUSED, signUpLoop } from '../../scripts/lib/faults/signUpLoop.mjs';
import { deliveredTo } from '../../scripts/lib/faults/delivered.mjs';

// SIGTERM under a steady sign-up load (docs/operations.md#stopping-the-server): every request gets a full answer or a
// refused connection, never a reset, and every answered sign-up is stored. Counts only; the bench has the timings.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const env = () => ({
  DB_PATH: path.join(dir, 'db.sqlite'),
  OUTBOX_DIR: path.join(dir, 'outbox'),
  DIST_DIR: path.join(dir, 'dist'),
  RELEASES_DIR: path.join(dir, 'releases'),
  PUBLISHER: 'off',
  NEWSLETTER_SIGNUPS_PER_MINUTE: '100000',
  NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '10000000',
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: '10000000',
});

/** The addresses among `emails` with a subscriber row. */
const stored = async (emails: string[]) =>
  (
    await deliveredTo({ dbPath: path.join(dir, 'db.sqlite'), outboxDir: path.join(dir, 'outbox') }, emails, {
      waitMs: 0,
    })
  ).rows;

describe('SIGTERM', () => {
  test("under a steady sign-up load: no reset, nothing lost, Connection: close on each connection's last answer, exit 0", async () => {
    const server = await startServerProcess(env());
    const load = signUpLoop(server.origin, { workers: 8 });
    // Once every worker has had a few answers: each sends its next sign-up the moment one is answered.
    expect(await load.answeredByEach(3)).toBe(true);
    server.child.kill('SIGTERM');
    const outcomes = await load.done;
    const { code } = await server.exited;

    const answered = outcomes.filter((outcome) => outcome.status !== undefined);
    const failed = outcomes.filter((outcome) => outcome.error !== undefined && outcome.error !== REFUSED);
    expect(code).toBe(0);
    expect(failed).toEqual([]);
    expect(answered.every((outcome) => outcome.status === 201)).toBe(true);
    expect(answered.length).toBeGreaterThan(8);
    const rows = await stored(answered.map((outcome) => outcome.email));
    expect(answered.filter((outcome) => !rows.has(outcome.email))).toEqual([]);
    for (let worker = 0; worker < 8; worker++) {
      const mine = answered.filter((outcome) => outcome.worker === worker);
      expect(mine.at(-1)?.connection, `worker ${worker}`).toBe('close');
    }
    expect(server.output()).toMatch(/\[shutdown\] SIGTERM: stopping http/);
  });

  test('a request half received when the signal comes is read to its end and answered in full', async () => {
    const server = await startServerProcess(env());
    const { hostname, port } = new URL(server.origin);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => (received += data));
    const closed = new Promise<string | undefined>((resolve) => {
      let error: string | undefined;
      socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code));
      socket.on('close', () => resolve(error));
    });
    const body = JSON.stringify({ email: 'half@example.com', consents: [] });
    // `Expect: 100-continue`: the server says when it has the request (its head) in hand.
    const inHand = new Promise<void>((resolve) =>
      socket.on('data', () => received.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && resolve()),
    );
    socket.write(
      `POST /service/newsletter/api/internal/newsletter-subscribers HTTP/1.1\r\nhost: ${server.origin.slice(7)}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nexpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
    );
    await inHand;
    server.child.kill('SIGTERM');
    await server.outputShows(/\[shutdown\] SIGTERM: stopping http/);
    socket.write(body.slice(10));
    expect(await closed).toBeUndefined();
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect((await server.exited).code).toBe(0);
    expect((await stored(['half@example.com'])).size).toBe(1);
  });

  test('an idle keep-alive connection is closed cleanly (no reset), and the server exits 0', async () => {
    const server = await startServerProcess(env());
    const { hostname, port } = new URL(server.origin);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => (received += data));
    const closed = new Promise<{ error?: string; ended: boolean }>((resolve) => {
      let error: string | undefined;
      let ended = false;
      socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code));
      socket.on('end', () => (ended = true));
      socket.on('close', () => resolve({ ...(error ? { error } : {}), ended }));
    });
    const answered = new Promise<void>((resolve) =>
      socket.on('data', () => received.includes('\r\n\r\n') && resolve()),
    );
    socket.write(`GET /service/health HTTP/1.1\r\nhost: ${server.origin.slice(7)}\r\n\r\n`);
    await answered;
    expect(received).toMatch(/keep-alive/i);
    server.child.kill('SIGTERM');
    expect(await closed).toEqual({ ended: true });
    expect((await server.exited).code).toBe(0);
  });
});
