import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServerProcess } from '../../scripts/lib/faults/serverProcess.mjs';
import { startServices } from '../../scripts/lib/services.mjs';

// A port another process holds (docs/operations.md#a-port-in-use): the server says which port and what to do, and
// exits 1 without a stack trace; `npm start`'s services starter refuses before it could take that other server's
// health answer for its own (it once built the shops from the other server's content and printed its links).
let dir: string;
let occupier: http.Server;
let port: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'port-in-use-'));
  // Another server that answers every call, the health call too, as an earlier `npm start` would.
  occupier = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
  );
  await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
  port = (occupier.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => occupier.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the server on a port in use: one line naming the port and PORT, exit code 1, no stack trace', async () => {
  const env = {
    PORT: String(port),
    DB_PATH: path.join(dir, 'db.sqlite'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    DIST_DIR: path.join(dir, 'dist'),
    RELEASES_DIR: path.join(dir, 'releases'),
    PUBLISHER: 'off',
  };
  const error = await startServerProcess(env).then(
    () => undefined,
    (failure: Error) => failure,
  );
  expect(error, 'the server must not claim to listen').toBeInstanceOf(Error);
  expect(error!.message).toContain('exited with 1');
  expect(error!.message).toContain(`Port ${port} on 127.0.0.1 is already in use`);
  expect(error!.message).toContain('PORT');
  expect(error!.message).not.toMatch(/\n\s+at |Unhandled 'error' event/);
}, 30_000);

test('the services starter of npm start refuses a port in use, naming it, before it starts anything', async () => {
  await expect(startServices({ port, env: { HOST: '127.0.0.1' }, quiet: true })).rejects.toThrow(
    `Port ${port} on 127.0.0.1 is already in use`,
  );
});
