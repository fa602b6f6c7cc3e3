import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { readConfig } from '../../src/shared/config.ts';
import { releaseBuilder } from '../../server/publish/releaseBuilder.ts';
import { processesOf } from '../../scripts/lib/faults/processes.mjs';

// The publisher's builder child process against the real build script. See docs/calls.md#publisher.
let dir: string;

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a build that takes longer than the time-out is stopped with its children and reported; nothing goes live', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-builder-'));
  const config = readConfig({ DIST_DIR: path.join(dir, 'dist'), RELEASES_DIR: path.join(dir, 'releases') });
  const build = releaseBuilder(config, 1500);
  const started = Date.now();
  const running = build({
    shops: ['hu'],
    contentVersions: {},
    origin: 'http://127.0.0.1:9',
    signal: new AbortController().signal,
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(processesOf(config.releasesDir).length).toBeGreaterThanOrEqual(1);
  const outcome = await running;

  expect(outcome).toMatchObject({ ok: false, message: 'The build did not finish within 1.5 s and was stopped' });
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  expect(fs.existsSync(outcome.ok ? '' : outcome.log!)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(processesOf(config.releasesDir)).toEqual([]);
});

test('the build log and the reason shown in the status are plain text, also where CI or FORCE_COLOR asks for colours', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-builder-'));
  const config = readConfig({ DIST_DIR: path.join(dir, 'dist'), RELEASES_DIR: path.join(dir, 'releases') });
  // CI sets CI=true; both make Vite's colour library colour its output even into a file.
  vi.stubEnv('CI', 'true');
  vi.stubEnv('FORCE_COLOR', '1');
  try {
    // Port 9 on loopback refuses: without content, a shop with no fallback (CH_FR) fails the build, and the log says why.
    const outcome = await releaseBuilder(config)({
      shops: ['hu'],
      contentVersions: {},
      origin: 'http://127.0.0.1:9',
      signal: new AbortController().signal,
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const log = fs.readFileSync(outcome.log!, 'utf8');
    expect(log).toContain('[content] Syncing content');
    expect(log).not.toContain('\u001b');
    expect(outcome.message).not.toContain('\u001b');
  } finally {
    vi.unstubAllEnvs();
  }
}, 60_000);
