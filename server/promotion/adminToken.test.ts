import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { childEnvironment } from '../../src/shared/config.ts';

const main = path.resolve(import.meta.dirname, '../main.ts');
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-token-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Starts `npm run serve`'s entry point until it has said it listens (or exited), and returns what it printed. */
function startOnce(env: Record<string, string>): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], {
      env: childEnvironment({
        PORT: '0',
        DB_PATH: path.join(dir, 'db.sqlite'),
        OUTBOX_DIR: path.join(dir, 'outbox'),
        DIST_DIR: dir,
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Promotion admin token/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => resolve({ output, code }));
  });
}

test('the first start prints the generated token once; later starts say where it is kept', async () => {
  const first = await startOnce({});
  const token = fs.readFileSync(path.join(dir, 'promotion-admin-token'), 'utf8').trim();
  expect(first.output).toContain(
    `Promotion admin token (new, kept in ${path.join(dir, 'promotion-admin-token')}): ${token}`,
  );
  const second = await startOnce({});
  expect(second.output).toContain(`Promotion admin token: kept in ${path.join(dir, 'promotion-admin-token')}`);
  expect(second.output).not.toContain(token);
  // Two server processes start and stop one after the other: seconds each on a machine busy with other suites.
}, 60_000);

test('a too short PROMOTION_ADMIN_TOKEN stops the server, naming the variable but not echoing the value', async () => {
  const { output, code } = await startOnce({ PROMOTION_ADMIN_TOKEN: 'short-secret-value' });
  expect(code).toBe(1);
  expect(output).toContain('PROMOTION_ADMIN_TOKEN must be at least 24 characters');
  expect(output).not.toContain('short-secret-value');
});
