import net from 'node:net';
import { expect, test } from 'vitest';
import { startMailIntake } from './intake.ts';

// The intake's part of a shutdown (docs/operations.md#stopping-the-server): an SMTP session that stays open must not
// hold the server past its time. When the shutdown's signal aborts, the session is told 421 and closed.

/** Opens an SMTP session, reads the greeting and says HELO; resolves with the socket and what it has read so far. */
async function openSession(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('utf8');
  const read = { text: '' };
  socket.on('data', (chunk: string) => (read.text += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write('HELO client.example\r\n');
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  return { socket, read, closed };
}

test('a shutdown whose time is up tells an open session 421 and closes it', async () => {
  const intake = await startMailIntake({
    port: 0,
    host: '127.0.0.1',
    rules: { recipient: async () => undefined, received: async () => undefined },
  });
  const session = await openSession(intake.port);
  const controller = new AbortController();
  let closed = false;
  const closing = intake.close(controller.signal).then(() => (closed = true));
  // Still open: the session may finish what it is sending.
  await new Promise((resolve) => setImmediate(resolve));
  expect(closed).toBe(false);
  controller.abort();
  await closing;
  await session.closed;
  expect(session.read.text).toMatch(/^421 /m);
});

test('without an open session the intake closes at once', async () => {
  const intake = await startMailIntake({
    port: 0,
    host: '127.0.0.1',
    rules: { recipient: async () => undefined, received: async () => undefined },
  });
  await intake.close(new AbortController().signal);
  await expect(
    new Promise((resolve, reject) =>
      net.connect(intake.port, '127.0.0.1').once('connect', resolve).once('error', reject),
    ),
  ).rejects.toThrow(/ECONNREFUSED/);
});
