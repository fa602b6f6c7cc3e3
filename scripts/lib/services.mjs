// Starts the local services (server/main.ts) as a child process and waits until they answer.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * @param {{ port?: number, env?: Record<string, string>, quiet?: boolean }} [options]
 * @returns {Promise<{ origin: string, child: import('node:child_process').ChildProcess, stop: () => Promise<void> }>}
 */
export function startServices({ port = 0, env = {}, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...process.env, PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let started = false;
    const stop = () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      if (!quiet || started) process.stdout.write(chunk);
      const match = !started && /on (http:\/\/\S+?)\/? /.exec(chunk);
      if (match) {
        started = true;
        resolve({ origin: match[1].replace(/\/$/, ''), child, stop });
      }
    });
    child.once('exit', (code) => {
      if (!started) reject(new Error(`The local services exited with code ${code} before they were ready`));
    });
  });
}

/** Runs a command with the project's Node on PATH; resolves with its exit code. */
export function run(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export { root };
