import { afterEach, describe, expect, test } from 'vitest';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { buildLease, type BuildLease } from './buildLease.ts';
import { underBuildLease } from './underBuildLease.ts';

// `npm run rollback` beside running instances switches releases only while none of them builds, on any host
// (docs/operations.md#several-instances).
let open: TwoInstances | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe.each(testEngines)('$engine', ({ open: openInstances }) => {
  test("waits for another instance's build, then runs with the lease, and gives it up", async () => {
    open = await openInstances();
    const building = buildLease(open.first, { holder: 'otherhost/41/aaaa' });
    const lease = buildLease(open.second, { holder: 'operator/42/bbbb' });
    // The rollback's attempts, counted: it has asked three times, and found the lease taken each time.
    let refused = 0;
    let refusedThrice!: () => void;
    const thrice = new Promise<void>((resolve) => (refusedThrice = resolve));
    const rollback: BuildLease = {
      ...lease,
      acquire: async () => {
        const attempt = await lease.acquire();
        if (!attempt.held && ++refused === 3) refusedThrice();
        return attempt;
      },
    };
    expect((await building.acquire()).held).toBe(true);
    const lines: string[] = [];
    const events: string[] = [];
    const done = underBuildLease(
      rollback,
      async () => {
        events.push('rollback');
        return 'rolled back';
      },
      { pollMs: 20, log: (line) => lines.push(line) },
    );
    await Promise.race([thrice, done]);
    expect(events).toEqual([]);
    events.push('build done');
    await building.release();
    expect(await done).toBe('rolled back');
    expect(events).toEqual(['build done', 'rollback']);
    expect(lines).toEqual(['another instance is building (otherhost/41/aaaa): waiting for it']);
    // Given up: the next build takes it at once.
    expect((await building.acquire()).held).toBe(true);
  });

  test('gives up after its wait, saying who builds; nothing is switched', async () => {
    open = await openInstances();
    await buildLease(open.first, { holder: 'otherhost/41/aaaa' }).acquire();
    let ran = false;
    await expect(
      underBuildLease(
        buildLease(open.second, { holder: 'operator/42/bbbb' }),
        async () => {
          ran = true;
        },
        { waitMs: 150, pollMs: 20, log: () => {} },
      ),
    ).rejects.toThrow(/Another instance is still building after 0 s \(otherhost\/41\/aaaa\)/);
    expect(ran).toBe(false);
  });
});

test('a lease that cannot be read (the database away) does not stop a rollback; it says so', async () => {
  const unreadable: BuildLease = {
    holder: 'operator/42/cccc',
    acquire: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')),
    renew: () => Promise.resolve(false),
    release: () => Promise.resolve(),
  };
  const lines: string[] = [];
  expect(await underBuildLease(unreadable, async () => 'rolled back', { log: (line) => lines.push(line) })).toBe(
    'rolled back',
  );
  expect(lines[0]).toMatch(/could not be read \(connect ECONNREFUSED 10\.0\.0\.5:5432\).*going on without it/);
});
