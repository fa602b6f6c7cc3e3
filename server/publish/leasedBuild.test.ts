import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Release } from '../../src/shared/publish/releases.ts';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { buildLease } from './buildLease.ts';
import { leasedBuild } from './leasedBuild.ts';
import type { BuildOutcome, BuildRequest, BuildRunner } from './publisher.ts';

// Two instances on one database build one at a time, and what one built the other does not build again
// (docs/operations.md#several-instances). The lease lives in the database; where a test needs it to expire, the
// leases' clock (`now`) is moved instead of waiting for it.
let open: TwoInstances | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await open?.close();
  open = undefined;
});

/**
 * The shared release folder both instances serve, and a builder that takes `ms` and switches it. `firstBuildStarted`
 * resolves once a build has started, its builder holding the lease.
 */
function sharedReleases(ms = 150) {
  let live: Release | undefined;
  const builds: { by: string; shops: string[] }[] = [];
  let started!: () => void;
  const firstBuildStarted = new Promise<void>((resolve) => (started = resolve));
  const builder =
    (by: string): BuildRunner =>
    async (request) => {
      builds.push({ by, shops: request.shops });
      started();
      const done = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), ms);
        request.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(false)), { once: true });
      });
      if (!done) return { ok: false, message: 'aborted' };
      const builtAt = new Date().toISOString();
      const shops = { ...live?.shops };
      for (const segment of request.shops)
        shops[segment] = {
          release: 'r',
          contentVersion: request.contentVersions[segment] ?? null,
          builtAt,
          durationMs: ms,
        };
      live = { id: 'r', createdAt: builtAt, kind: 'build', built: request.shops, shops };
      return { ok: true };
    };
  return { builds, builder, liveRelease: () => live, firstBuildStarted };
}

const request = (shops: string[], contentVersions: Record<string, number> = {}): BuildRequest => ({
  shops,
  contentVersions,
  variants: [],
  origin: 'http://127.0.0.1:1',
  signal: new AbortController().signal,
});
const quiet = { log: () => {}, pollMs: 20 };

/** A clock for the leases of one test, moved by hand. */
function leaseClock() {
  let at = Date.now();
  return { now: () => at, move: (ms: number) => void (at += ms) };
}

describe.each(testEngines)('$engine', ({ open: openInstances }) => {
  test('of ten instances asking for the lease at once, exactly one gets it', async () => {
    open = await openInstances();
    const leases = Array.from({ length: 10 }, (_, index) =>
      buildLease(index % 2 === 0 ? open!.first : open!.second, { holder: `instance-${index}` }),
    );
    const attempts = await Promise.all(leases.map((lease) => lease.acquire()));
    expect(attempts.filter((attempt) => attempt.held)).toHaveLength(1);
    const winner = leases[attempts.findIndex((attempt) => attempt.held)]!;
    expect(attempts.find((attempt) => !attempt.held)).toMatchObject({ holder: winner.holder });
  });

  test('content due on two instances at once is built by one of them, and the other builds nothing', async () => {
    open = await openInstances();
    const site = sharedReleases();
    const on = (shared: TwoInstances['first'], name: string) =>
      leasedBuild(site.builder(name), {
        ...quiet,
        lease: buildLease(shared, { holder: name }),
        liveRelease: site.liveRelease,
      });
    const outcomes = await Promise.all([
      on(open.first, 'a')(request(['de', 'at'], { de: 3, at: 2 })),
      on(open.second, 'b')(request(['de', 'at'], { de: 3, at: 2 })),
    ]);
    expect(outcomes).toEqual<BuildOutcome[]>([{ ok: true }, { ok: true }]);
    expect(site.builds).toHaveLength(1);
    expect(site.liveRelease()?.shops.de?.contentVersion).toBe(3);
  });

  test('a shop built elsewhere from other content, or another shop, is still built after the wait', async () => {
    open = await openInstances();
    const site = sharedReleases();
    const first = leasedBuild(site.builder('a'), {
      ...quiet,
      lease: buildLease(open.first, { holder: 'a' }),
      liveRelease: site.liveRelease,
    });
    const second = leasedBuild(site.builder('b'), {
      ...quiet,
      lease: buildLease(open.second, { holder: 'b' }),
      liveRelease: site.liveRelease,
    });
    const running = first(request(['de'], { de: 3 }));
    await site.firstBuildStarted;
    await Promise.all([running, second(request(['de', 'pl'], { de: 4 }))]);
    expect(site.builds).toEqual([
      { by: 'a', shops: ['de'] },
      { by: 'b', shops: ['de', 'pl'] },
    ]);
  });

  test("a dead instance's lease is taken over once it expires", async () => {
    open = await openInstances();
    const clock = leaseClock();
    const dead = buildLease(open.first, { holder: 'dead', ttlMs: 1000, now: clock.now });
    expect(await dead.acquire()).toEqual({ held: true });
    const survivor = buildLease(open.second, { holder: 'survivor', ttlMs: 1000, now: clock.now });
    expect(await survivor.acquire()).toMatchObject({ held: false, holder: 'dead' });
    clock.move(999);
    expect(await survivor.acquire()).toMatchObject({ held: false, holder: 'dead' });
    clock.move(1);
    expect(await survivor.acquire()).toEqual({ held: true });
    // The old holder, back from a long pause, learns that the lease is gone and cannot give it up for the new one.
    expect(await dead.renew()).toBe(false);
    await dead.release();
    expect(await buildLease(open.first, { holder: 'third' }).acquire()).toMatchObject({
      held: false,
      holder: 'survivor',
    });
  });

  test('the lease of a process on this host that is gone (killed, then started again) is taken over at once', async () => {
    open = await openInstances();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const killed = buildLease(open.first, { holder: `${os.hostname()}/${gone}/killed`, ttlMs: 60_000 });
    expect(await killed.acquire()).toEqual({ held: true });
    const restarted = [0, 1, 2].map((index) =>
      buildLease(open!.second, { holder: `${os.hostname()}/${process.pid}/r${index}` }),
    );
    const attempts = await Promise.all(restarted.map((lease) => lease.acquire()));
    expect(attempts.filter((attempt) => attempt.held)).toHaveLength(1);
    // A live process on this host keeps its lease.
    const live = buildLease(open.first, { holder: `${os.hostname()}/${process.ppid}/live`, ttlMs: 60_000 });
    await restarted[attempts.findIndex((attempt) => attempt.held)]!.release();
    expect(await live.acquire()).toEqual({ held: true });
    expect(await restarted[0]!.acquire()).toMatchObject({ held: false });
  });

  test('a build whose lease was taken over is stopped, and says so', async () => {
    open = await openInstances();
    // The renewals' timer, moved by hand: the build's next renewal comes only after the lease has been taken over.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const clock = leaseClock();
    const site = sharedReleases(10_000);
    const slow = leasedBuild(site.builder('slow'), {
      ...quiet,
      // Renewed too late for its time to live, as by an instance that froze.
      lease: buildLease(open.first, { holder: 'slow', ttlMs: 150, now: clock.now }),
      renewMs: 1500,
      liveRelease: site.liveRelease,
    });
    const building = slow(request(['de']));
    // Once it builds, past its time to live and before its renewal.
    await site.firstBuildStarted;
    clock.move(150);
    expect(await buildLease(open.second, { holder: 'other', now: clock.now }).acquire()).toEqual({ held: true });
    vi.advanceTimersByTime(1500);
    expect(await building).toEqual({
      ok: false,
      message: 'Another instance took the build lease over: this build was stopped',
    });
  });
});

test('a wait says once that another instance builds and once that the lease cannot be read, however long it lasts', async () => {
  const answers = ['error', 'error', 'error', 'other', 'other', 'other', 'held'];
  const lease = {
    holder: 'me',
    acquire: async () => {
      const answer = answers.shift();
      if (answer === 'error') throw new Error('connection refused');
      return answer === 'held' ? ({ held: true } as const) : { held: false as const, holder: 'other', expiresAt: 0 };
    },
    renew: async () => true,
    release: async () => {},
  };
  const lines: string[] = [];
  const site = sharedReleases(1);
  const outcome = await leasedBuild(site.builder('me'), {
    lease,
    liveRelease: site.liveRelease,
    log: (line) => lines.push(line),
    pollMs: 1,
  })(request(['de']));
  expect(outcome).toEqual({ ok: true });
  expect(lines).toEqual([
    'the build lease could not be read, trying again: connection refused',
    'another instance is building (other): waiting for it',
  ]);
});
