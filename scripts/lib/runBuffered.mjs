// Runs a command with its output kept rather than printed, for steps that run side by side (scripts/test.mjs prints
// each one's output whole when it ends).
import { spawn } from 'node:child_process';
import { childEnvironment } from '../../src/shared/config.ts';
import { root } from './services.mjs';

/**
 * Runs `command` with the project's Node on PATH and resolves with its exit code and everything it wrote (stdout and
 * stderr, in order). A command that cannot start resolves with code 1 and the reason.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string>, cwd?: string }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
export function runBuffered(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd, env: childEnvironment(env), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}
