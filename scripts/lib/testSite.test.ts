import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { untilServicesAnswer } from './testSite.mjs';

// The site under test's readiness: its own services, never another server on the same port (two suites side by side,
// each from its own clone, once took one port and shared one site: every mail the second looked for went to the first).

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** A server that answers the health call as the services do. */
async function healthyServer() {
  const server = http.createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
  );
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  cleanups.push(() => server.close());
  return `http://localhost:${(server.address() as AddressInfo).port}`;
}

/** A child standing in for server/main.ts: prints `line`, then exits with 1 (`exits`) or runs until killed. */
function child(line: string, { exits }: { exits: boolean }) {
  const then = exits ? 'process.exit(1);' : 'setInterval(() => {}, 60_000);';
  const started = spawn(process.execPath, ['-e', `console.log(${JSON.stringify(line)}); ${then}`]);
  let output = '';
  started.stdout.on('data', (chunk) => (output += chunk));
  cleanups.push(() => started.kill());
  return { started, output: () => output };
}

test('another server answering on the port is not taken for the services: the child failing to listen is reported', async () => {
  const origin = await healthyServer();
  // As server/main.ts does when the port is taken: it says so and exits, while the other server answers.
  const services = child('Port in use', { exits: true });
  await expect(untilServicesAnswer(origin, services.started, services.output, 20_000)).rejects.toThrow(
    /The services exited with 1:\nPort in use/,
  );
});

test('the services are ready once the child says it listens on the port and the health call answers', async () => {
  const origin = await healthyServer();
  const services = child(`Services and site on ${origin}/ (database test.sqlite)`, { exits: false });
  await expect(untilServicesAnswer(origin, services.started, services.output, 20_000)).resolves.toBeUndefined();
});

test('a child that says it listens on another port is not taken for the services on this one', async () => {
  const origin = await healthyServer();
  const elsewhere = new URL(origin);
  elsewhere.port = String(Number(elsewhere.port) === 65535 ? 1 : Number(elsewhere.port) + 1);
  const services = child(`Services and site on ${elsewhere.origin}/ (database test.sqlite)`, { exits: false });
  await expect(untilServicesAnswer(origin, services.started, services.output, 1000)).rejects.toThrow(
    /did not answer within 1 s/,
  );
});
