import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { childEnvironment } from '../src/shared/config.ts';

// `npm run abtest` as an operator runs it, on an SQLite file (docs/operations.md#ab-tests).
const script = path.resolve(import.meta.dirname, 'abtest.mjs');

/** Runs `npm run abtest -- …args` with the database at `dbPath`. */
function abtest(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: path.resolve(import.meta.dirname, '..'), env: childEnvironment({ TZ: 'UTC', DB_PATH: dbPath }) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
let dbPath: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abtest-'));
  dbPath = path.join(dir, 'storefront.sqlite');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const window = ['--from', '2026-01-01T00:00:00Z', '--to', '2099-01-01T00:00:00Z'];

describe('npm run abtest', () => {
  test('create, list and end: the test runs with its shares and shops, then shows as ended', async () => {
    const created = await abtest(
      'create',
      'HERO',
      '--groups',
      'A,B',
      '--weights',
      '70,30',
      ...window,
      '--shops',
      'de,at',
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toContain('Created: HERO  running  A 70 %, B 30 %');
    const listed = await abtest('list');
    expect(listed.stdout).toMatch(
      /^HERO {2}running {2}A 70 %, B 30 % {2}from 2026-01-01T00:00:00\.000Z .* shops de, at$/m,
    );
    expect(listed.stdout).toContain('FOOTER_TEASER_ORDER  running  A 50 %, B 50 %');
    expect(await abtest('end', 'HERO')).toMatchObject({ code: 0 });
    expect((await abtest('list')).stdout).toMatch(/^HERO {2}ended /m);
  });

  test.each([
    [['create', 'HERO', '--groups', 'A,B', '--weights', '60,30', ...window], '--weights: must sum to 100'],
    [['create', 'HERO', '--groups', 'A,B', '--weights', '50,50,0', ...window], '--weights: needs one weight per group'],
    [['create', 'HERO', '--groups', 'A,B'], '--from: is required'],
    [['create', 'HERO', '--groups', 'A,B', ...window, '--shops', 'de,fr'], '--shops: is not a shop'],
    [['create', 'H'.repeat(65), '--groups', 'A,B', ...window], 'NAME: must be 1 to 64 letters'],
    [['create', 'HERO', '--groups', 'A,B', '--colour', 'red', ...window], "Unknown option '--colour'"],
    [['end', 'NO_SUCH_TEST'], 'No A/B test named NO_SUCH_TEST.'],
    [['remove', 'HERO'], 'Usage:'],
  ])('refused with a message and exit code 1, nothing stored: %j', async (args, message) => {
    const refused = await abtest(...args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(message);
    expect(refused.stderr).not.toMatch(/\bat \S+ \(/);
    expect((await abtest('list')).stdout).not.toMatch(/^HERO /m);
  });

  test('a name that exists already is refused, the stored test unchanged', async () => {
    await abtest('create', 'HERO', '--groups', 'A,B', ...window);
    const again = await abtest('create', 'HERO', '--groups', 'X,Y', ...window);
    expect(again).toMatchObject({ code: 1, stderr: 'An A/B test named HERO exists already; nothing stored.\n' });
    expect((await abtest('list')).stdout).toMatch(/^HERO {2}running {2}A 50 %, B 50 %/m);
  });
});
