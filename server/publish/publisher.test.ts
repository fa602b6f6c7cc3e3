import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Release } from '../../src/shared/publish/releases.ts';
import { memorySchedule } from './memorySchedule.ts';
import {
  MAX_TIMER_MS,
  createPublisher,
  type BuildOutcome,
  type BuildRequest,
  type PublisherOptions,
} from './publisher.ts';

/** A builder whose builds finish when the test says so. */
function controllableBuilder() {
  const calls: BuildRequest[] = [];
  const finishers: ((outcome: BuildOutcome) => void)[] = [];
  const build = vi.fn((request: BuildRequest) => {
    calls.push(request);
    return new Promise<BuildOutcome>((resolve) => finishers.push(resolve));
  });
  const finish = async (outcome: BuildOutcome = { ok: true }) => {
    finishers.shift()!(outcome);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { build, calls, finish };
}

function release(shops: Record<string, number | null>): Release {
  const entries = Object.entries(shops).map(([segment, contentVersion]) => [
    segment,
    { release: 'r1', contentVersion, builtAt: '2026-11-01T00:00:00.000Z', durationMs: 4000 },
  ]);
  return {
    id: 'r1',
    createdAt: '2026-11-01T00:00:00.000Z',
    kind: 'build',
    built: Object.keys(shops),
    shops: Object.fromEntries(entries),
  };
}

const origin = 'http://127.0.0.1:1';

function publisherWith(overrides: Partial<PublisherOptions> & Pick<PublisherOptions, 'build'>) {
  return createPublisher({
    schedule: memorySchedule().schedule,
    liveRelease: () => undefined,
    catchUpAtStart: false,
    log: () => {},
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-30T23:59:50Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('coalescing', () => {
  test('three requests during a running build make exactly one more build, with the union of their shops', async () => {
    const builder = controllableBuilder();
    const publisher = publisherWith({ build: builder.build });
    publisher.start(origin);
    publisher.request(['hu']);
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.calls.map((call) => call.shops)).toEqual([['hu']]);

    publisher.request(['pl']);
    publisher.request(['hu', 'cz']);
    expect(publisher.request(['pl'])).toEqual(['cz', 'hu', 'pl']);
    expect(publisher.status().queue).toEqual(['cz', 'hu', 'pl']);
    expect(publisher.status().shops.hu!.building).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.build).toHaveBeenCalledTimes(1);

    await builder.finish();
    expect(builder.calls.map((call) => call.shops)).toEqual([['hu'], ['cz', 'hu', 'pl']]);
    await builder.finish();
    await publisher.idle();
    expect(builder.build).toHaveBeenCalledTimes(2);
    expect(publisher.status().queue).toEqual([]);
  });

  test('requests of the same moment go into one build, which reads content from the server itself', async () => {
    const builder = controllableBuilder();
    const publisher = publisherWith({ build: builder.build });
    publisher.start(origin);
    publisher.request(['tr']);
    publisher.request(['de']);
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.calls).toHaveLength(1);
    expect(builder.calls[0]).toMatchObject({ shops: ['de', 'tr'], origin });
  });

  test('a failed build is reported per shop until the next build of that shop starts', async () => {
    const builder = controllableBuilder();
    const publisher = publisherWith({ build: builder.build });
    publisher.start(origin);
    publisher.request(['hu']);
    await vi.advanceTimersByTimeAsync(0);
    await builder.finish({ ok: false, message: 'The HU shop has no footer', log: '/tmp/build.log' });
    expect(publisher.status().shops.hu!.lastError).toMatchObject({
      message: 'The HU shop has no footer',
      log: '/tmp/build.log',
    });
    expect(publisher.status().shops.pl!.lastError).toBeUndefined();

    publisher.request(['hu']);
    await vi.advanceTimersByTimeAsync(0);
    expect(publisher.status().shops.hu).toMatchObject({ building: true });
    expect(publisher.status().shops.hu!.lastError).toBeUndefined();
    await builder.finish();
    expect(publisher.status().shops.hu!.lastError).toBeUndefined();
  });
});

describe('triggers', () => {
  test('a stored version valid now rebuilds its shop at once, with that version', async () => {
    const builder = controllableBuilder();
    const { schedule, store } = memorySchedule();
    const publisher = publisherWith({ build: builder.build, schedule });
    publisher.start(origin);
    store({ version: 7, site: 'CH_FR', validFrom: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.calls).toEqual([expect.objectContaining({ shops: ['ch-fr'], contentVersions: { 'ch-fr': 7 } })]);
  });

  test('a stored version that shoppers do not get now (behind the live one) rebuilds nothing', async () => {
    const builder = controllableBuilder();
    const { schedule, store } = memorySchedule([{ version: 5, site: 'HU', validFrom: '2026-11-20T00:00:00Z' }]);
    const publisher = publisherWith({ build: builder.build, schedule });
    publisher.start(origin);
    store({ version: 6, site: 'HU', validFrom: '2026-11-10T00:00:00Z' });
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.build).not.toHaveBeenCalled();
  });

  test('a version heard of after another instance built its pages (the refresh found it) builds nothing here', async () => {
    const builder = controllableBuilder();
    const { schedule, store } = memorySchedule([{ version: 1, site: 'SK', validFrom: '2026-11-01T00:00:00Z' }]);
    const publisher = publisherWith({ build: builder.build, schedule, liveRelease: () => release({ sk: 2 }) });
    publisher.start(origin);
    store({ version: 2, site: 'SK', validFrom: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.build).not.toHaveBeenCalled();
  });

  test('a version scheduled ahead arms a timer that rebuilds its shop when it comes due, not before', async () => {
    const builder = controllableBuilder();
    const { schedule, store } = memorySchedule([{ version: 1, site: 'DE', validFrom: '2026-11-01T00:00:00Z' }]);
    const publisher = publisherWith({
      build: builder.build,
      schedule,
      liveRelease: () => release({ de: 1, at: null }),
    });
    publisher.start(origin);
    store({ version: 2, site: 'DE', validFrom: '2026-12-01T00:00:00Z' });
    expect(publisher.status().shops.de!.nextScheduled).toEqual({ version: 2, validFrom: '2026-12-01T00:00:00Z' });

    await vi.advanceTimersByTimeAsync(9_000);
    expect(builder.build).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(builder.calls).toEqual([expect.objectContaining({ shops: ['de'], contentVersions: { de: 2 } })]);
  });

  test('a far schedule is looked at again within the timer cap, and fires on time', async () => {
    const builder = controllableBuilder();
    const { schedule } = memorySchedule([{ version: 3, site: 'PL', validFrom: '2026-12-24T00:00:00Z' }]);
    const publisher = publisherWith({ build: builder.build, schedule });
    publisher.start(origin);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS);
    expect(builder.build).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(Date.parse('2026-12-24T00:00:00Z') - Date.now());
    expect(builder.calls.map((call) => call.shops)).toEqual([['pl']]);
  });

  test('a version another instance stored and did not build (it died) is built here within the timer cap', async () => {
    const builder = controllableBuilder();
    const { schedule, storeElsewhere } = memorySchedule([
      { version: 1, site: 'CZ', validFrom: '2026-11-01T00:00:00Z' },
    ]);
    const publisher = publisherWith({ build: builder.build, schedule, liveRelease: () => release({ cz: 1 }) });
    publisher.start(origin);
    await vi.advanceTimersByTimeAsync(1_000);
    storeElsewhere({ version: 2, site: 'CZ', validFrom: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS);
    expect(builder.calls).toEqual([expect.objectContaining({ shops: ['cz'], contentVersions: { cz: 2 } })]);
  });

  test('at start, only the shops whose live pages are behind their content are rebuilt, in one build', async () => {
    const builder = controllableBuilder();
    const { schedule } = memorySchedule([
      { version: 4, site: 'HU', validFrom: '2026-11-02T00:00:00Z' },
      { version: 2, site: 'CZ', validFrom: '2026-11-02T00:00:00Z' },
      { version: 5, site: 'SK', validFrom: '2026-11-02T00:00:00Z' },
    ]);
    const live = release({ de: null, hu: 3, cz: 2, sk: null });
    const publisher = publisherWith({ build: builder.build, schedule, liveRelease: () => live, catchUpAtStart: true });
    publisher.start(origin);
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.calls).toEqual([
      expect.objectContaining({ shops: ['hu', 'sk'], contentVersions: { hu: 4, sk: 5 } }),
    ]);
  });

  test('without a live release, or with the start check off, nothing is built at start', async () => {
    const builder = controllableBuilder();
    const { schedule } = memorySchedule([{ version: 4, site: 'HU', validFrom: '2026-11-02T00:00:00Z' }]);
    publisherWith({ build: builder.build, schedule, catchUpAtStart: true }).start(origin);
    publisherWith({ build: builder.build, schedule, liveRelease: () => release({ hu: 3 }) }).start(origin);
    await vi.advanceTimersByTimeAsync(0);
    expect(builder.build).not.toHaveBeenCalled();
  });
});
