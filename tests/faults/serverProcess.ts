import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { childEnvironment } from '../../src/shared/config.ts';

const main = path.resolve(import.meta.dirname, '../../server/main.ts');

/** `npm run serve`'s entry point as its own process, on a free loopback port, for tests that signal or kill it. */
export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server with `env` on top of the environment (data folders, publisher, limits) and resolves once it says
 * where it listens. The port is the one it picked (`PORT=0` unless `env` names one).
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [main], {
    env: childEnvironment({ PORT: '0', HOST: '127.0.0.1', SITE_URL: 'http://127.0.0.1:9', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Services and site on (http:\/\/\S+?)\/? /.exec(output);
      if (listening) {
        child.stdout!.off('data', collect);
        child.stdout!.on('data', (more: Buffer) => (output += more.toString()));
        resolve({ origin: listening[1]!, child, output: () => output, exited });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(({ code }) => reject(new Error(`The server exited with ${code} before it listened:\n${output}`)));
  });
}
