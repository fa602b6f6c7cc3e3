// Starts the local services (server/main.ts) as a child process and waits until /service/health says they are up.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { childEnvironment, readToolConfig } from '../../src/shared/config.ts';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import { portProblem } from '../../src/shared/portProblem.ts';

const root = path.resolve(import.meta.dirname, '../..');
const readyTimeoutMs = 30_000;

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, 'localhost', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The origin a server/main.ts process says it listens on, from what it has printed so far (its first line, "Services
 * and site on http://host:port/ (…)"), or undefined before it has said so.
 * @param {string} output
 */
export function listeningOrigin(output) {
  return /Services and site on (http:\/\/\S+?)\/? /.exec(output)?.[1];
}

/**
 * Fails with a message naming the port when something listens on it already: otherwise the readiness check below
 * would take that other server's answer for ours, and a build would read someone else's content.
 */
export function ensurePortFree(port, host) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(new Error(portProblem(port, host, error))));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * Whether the health call says the services are up: 200, or 503 because the site serves no release yet (the services
 * answer; a build may be what they are started for).
 */
export async function servicesUp(response) {
  if (response.ok) return true;
  if (response.status !== 503) return false;
  const body = await response.json().catch(() => undefined);
  return body?.type === 'urn:service:no_live_release';
}

/** Polls `url` until the services are up, the child exits, or the time-out passes. */
async function waitUntilReady(url, child) {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The local services exited with code ${child.exitCode} before they were ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (await servicesUp(response)) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`The local services did not answer ${url} within ${readyTimeoutMs / 1000} s`);
}

/**
 * @param {{ port?: number, env?: Record<string, string>, quiet?: boolean }} [options] port 0 (default): any free port
 * @returns {Promise<{ origin: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export async function startServices({ port = 0, env = {}, quiet = false } = {}) {
  const host = env.HOST ?? readToolConfig().HOST;
  if (port) await ensurePortFree(port, host);
  const listenPort = port || (await freePort());
  const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
    cwd: root,
    // Services started for a task (content for a build, a bench) do not publish by themselves; `npm start` asks.
    env: childEnvironment({ PUBLISHER: 'off', PORT: String(listenPort), ...env }),
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const origin = `http://${host}:${listenPort}`;
  await waitUntilReady(origin + serviceUrl(services.health, 'health'), child);
  return { origin, child, stop };
}

/**
 * Runs a command with the project's Node on PATH; resolves with its exit code. After `timeoutMs` the command is
 * killed and counts as failed.
 */
export function run(command, args, { env = {}, cwd = root, timeoutMs = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: childEnvironment(env), stdio: 'inherit' });
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            console.error(`${path.basename(args[0] ?? command)} did not finish within ${timeoutMs / 1000} s: stopped`);
            child.kill('SIGKILL');
          }, timeoutMs)
        : undefined;
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

export { root };
