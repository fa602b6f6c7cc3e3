import http from 'node:http';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { SIGN_UP, startEdgeServer, storedState } from './edge-helpers.ts';

// A body refused for its size is answered while the client may still be sending it. The 413 must reach the client:
// the server says `Connection: close`, reads (and drops) the rest of the body up to a bound, and only then closes.
let server: Awaited<ReturnType<typeof startEdgeServer>>;
beforeEach(async () => {
  server = await startEdgeServer();
});
afterEach(() => server.close());

const MB = 1024 * 1024;

/**
 * Sends a sign-up with a `bytes` body over a raw socket in 16 KB pieces, `pauseMs` apart, and reads what comes back.
 * `error` is the socket error the client saw (EPIPE, ECONNRESET), if any.
 */
function slowUpload(
  bytes: number,
  pauseMs: number,
  chunked = false,
): Promise<{ head: string; error?: string; ended: boolean }> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let error: string | undefined;
    let ended = false;
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
    socket.on('end', () => (ended = true));
    socket.on('close', () =>
      resolve({ head: received.split('\r\n\r\n')[0] ?? '', ...(error ? { error } : {}), ended }),
    );
    const framing = chunked ? 'transfer-encoding: chunked' : `content-length: ${bytes}`;
    socket.write(
      `POST ${SIGN_UP} HTTP/1.1\r\nhost: ${new URL(server.origin).host}\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`,
    );
    const piece = Buffer.alloc(16 * 1024, 0x20);
    let sent = 0;
    const sendNext = () => {
      if (socket.destroyed) return;
      if (sent >= bytes) {
        if (chunked) socket.write('0\r\n\r\n');
        return;
      }
      const part = piece.subarray(0, Math.min(piece.length, bytes - sent));
      sent += part.length;
      socket.write(
        chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]) : part,
      );
      setTimeout(sendNext, pauseMs);
    };
    sendNext();
  });
}

describe('an early 413', () => {
  test('a 2 MB body sent slowly (about 1.3 s) gets the 413 with Connection: close, and the client sees no reset or EPIPE', async () => {
    const answer = await slowUpload(2 * MB, 10);
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.error).toBeUndefined();
    expect(answer.ended).toBe(true);
    expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
  });

  test('the same sent chunked, counted while it streams', async () => {
    const answer = await slowUpload(2 * MB, 10, true);
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.head).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer.error).toBeUndefined();
  });

  test.each([
    ['20 MB as fast as it can', 20 * MB, 0],
    ['2 MB slowly (about 1.3 s)', 2 * MB, 10],
  ])("Node's own client sending %s reads the 413 and sees no EPIPE or reset", async (_name, bytes, pauseMs) => {
    const { hostname, port } = new URL(server.origin);
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: hostname,
          port,
          method: 'POST',
          path: SIGN_UP,
          headers: { 'content-type': 'application/json', 'content-length': bytes },
        },
        (response) => {
          seen.push(`${response.statusCode} ${response.headers.connection}`);
          response.resume();
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => seen.push(error.code ?? error.message));
      // Over once the request is closed and so is its connection: no error can come after that.
      const requestClosed = new Promise((done) => request.once('close', done));
      const socketClosed = new Promise((done) => request.once('socket', (socket) => socket.once('close', done)));
      void Promise.all([requestClosed, socketClosed]).then(() => resolve());
      const piece = Buffer.alloc(16 * 1024, 0x20);
      let left = bytes;
      const write = () => {
        while (left > 0 && !request.destroyed) {
          left -= piece.length;
          const more = request.write(piece);
          if (pauseMs > 0) return setTimeout(write, pauseMs);
          if (!more) return request.once('drain', write);
        }
        request.end();
      };
      write();
    });
    expect(seen).toEqual(['413 close']);
  });

  test('a body within the limit is read as before, and the connection stays open for the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { hostname, port } = new URL(server.origin);
    const send = (email: string) =>
      new Promise<{ status: number; connection: string | undefined; socket: unknown }>((resolve, reject) => {
        const request = http.request(
          {
            host: hostname,
            port,
            method: 'POST',
            path: SIGN_UP,
            agent,
            headers: { 'content-type': 'application/json' },
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                connection: response.headers.connection,
                socket: request.socket,
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify({ email, consents: [] }));
      });
    const first = await send('one@example.com');
    const second = await send('two@example.com');
    agent.destroy();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.connection).toBe('keep-alive');
    expect(second.socket).toBe(first.socket);
  });
});
