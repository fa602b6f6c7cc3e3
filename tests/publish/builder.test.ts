import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { readConfig } from '../../src/shared/config.ts';
import { releaseBuilder } from '../../server/publish/releaseBuilder.ts';
import { processesOf } from '../../scripts/lib/faults/processes.mjs';

// The publisher's builder child process against the real build script. See docs/calls.md#publisher.
// This must build: what is under test is the build's own process (its children stopped at the time-out, its log
// written as plain text), so only a real Astro build run as the publisher runs it shows them. It shares nothing with
// the suite's site under test, which is built once and must not be switched.
let dir: string;

afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `enough()` holds, looking every 20 ms with an interval (the test fakes `setTimeout`); fails after `ms`. */
function whenTrue(enough: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (enough()) resolve();
      else if (Date.now() > end) reject(new Error(`${what}: not within ${ms} ms`));
      else return;
      clearInterval(timer);
    }, 20);
  });
}

test('a build that takes longer than the time-out is stopped with its children and reported; nothing goes live', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publish-builder-'));
  const config = readConfig({ DIST_DIR: path.join(dir, 'dist'), RELEASES_DIR: path.join(dir, 'releases') });
  // The time-out's timer runs out when the test moves it: once the build is under way, with its Astro child.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const build = releaseBuilder(config, 1500);
  const running = build({
    shops: ['hu'],
    contentVersions: {},
    variants: [],
    origin: 'http://127.0.0.1:9',
    signal: new AbortController().signal,
  });
  await whenTrue(() => processesOf(config.releasesDir).length >= 2, 60_000, 'the builder and its Astro child');
  const timedOut = Date.now();
  vi.advanceTimersByTime(1500);
  const outcome = await running;

  expect(outcome).toMatchObject({ ok: false, message: 'The build did not finish within 1.5 s and was stopped' });
  // A hang guard, not a benchmark: a build left running fails by itself only after many seconds.
  expect(Date.now() - timedOut).toBeLessThan(5000);
  expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  expect(fs.existsSync(outcome.ok ? '' : outcome.log!)).toBe(true);
  // Killed with its process group: gone at once (a kill takes effect as the killed process next runs).
  await whenTrue(() => processesOf(config.releasesDir).length === 0, 1000, 'every process of the build gone');
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
      variants: [],
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
