// `npm run serve`'s entry point as its own process, for the fault tests and `npm run faults`: a real server that can
// be stopped with SIGTERM or killed with -9 and started again on the same port and data folders. Loopback only.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { childEnvironment } from '../../../src/shared/config.ts';
import { listeningOrigin } from '../services.mjs';

const main = path.resolve(import.meta.dirname, '../../../server/main.ts');

/**
 * @typedef {{
 *   origin: string,
 *   child: import('node:child_process').ChildProcess,
 *   output: () => string,
 *   outputShows: (pattern: RegExp, ms?: number) => Promise<void>,
 *   exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>,
 * }} ServerProcess
 */

/**
 * Starts the server with `env` on top of the environment (data folders, publisher, limits) on 127.0.0.1 and resolves
 * once it says where it listens. `PORT` 0 (the default) picks a free port; pass the old one to restart in its place.
 * @param {Record<string, string>} env
 * @returns {Promise<ServerProcess>}
 */
export function startServerProcess(env) {
  const child = spawn(process.execPath, [main], {
    env: childEnvironment({ PORT: '0', HOST: '127.0.0.1', SITE_URL: 'http://127.0.0.1:9', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.stderr.on('data', (chunk) => (output += chunk.toString()));
  /**
   * Resolves once the output so far matches `pattern` (a log line the server writes when something happened); fails
   * after `ms`, or when the server's output ends first, with what it wrote.
   * @param {RegExp} pattern
   * @param {number} [ms]
   * @returns {Promise<void>}
   */
  const outputShows = (pattern, ms = 10_000) =>
    new Promise((resolve, reject) => {
      const look = () => {
        if (!pattern.test(output)) return;
        stop();
        resolve();
      };
      const fail = (why) => {
        stop();
        reject(new Error(`${pattern} not in the server's output (${why}):\n${output}`));
      };
      const timer = setTimeout(() => fail(`within ${ms} ms`), ms);
      const ended = () => fail('it exited');
      const stop = () => {
        clearTimeout(timer);
        child.stdout.off('data', look);
        child.stderr.off('data', look);
        child.off('close', ended);
      };
      // After the listeners that collect the output, so `output` holds each chunk when it is looked at.
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      child.once('close', ended);
      look();
    });
  return new Promise((resolve, reject) => {
    const collect = (chunk) => {
      output += chunk.toString();
      const origin = listeningOrigin(output);
      if (!origin) return;
      child.stdout.off('data', collect);
      child.stdout.on('data', (more) => (output += more.toString()));
      resolve({ origin, child, output: () => output, outputShows, exited });
    };
    child.stdout.on('data', collect);
    void exited.then(({ code }) => reject(new Error(`The server exited with ${code} before it listened:\n${output}`)));
  });
}
