// `npm run serve`'s entry point as its own process, for the fault tests and `npm run faults`: a real server that can
// be stopped with SIGTERM or killed with -9 and started again on the same port and data folders. Loopback only.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { childEnvironment } from '../../../src/shared/config.ts';

const main = path.resolve(import.meta.dirname, '../../../server/main.ts');

/**
 * @typedef {{
 *   origin: string,
 *   child: import('node:child_process').ChildProcess,
 *   output: () => string,
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
  return new Promise((resolve, reject) => {
    const collect = (chunk) => {
      output += chunk.toString();
      const listening = /Services and site on (http:\/\/\S+?)\/? /.exec(output);
      if (!listening) return;
      child.stdout.off('data', collect);
      child.stdout.on('data', (more) => (output += more.toString()));
      resolve({ origin: listening[1], child, output: () => output, exited });
    };
    child.stdout.on('data', collect);
    void exited.then(({ code }) => reject(new Error(`The server exited with ${code} before it listened:\n${output}`)));
  });
}
