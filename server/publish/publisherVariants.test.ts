import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AbVariant, Release } from '../../src/shared/publish/releases.ts';
import type { StoredAbTest } from '../abtests/calendar.ts';
import { memorySchedule } from './memorySchedule.ts';
import { createPublisher, type BuildRequest } from './publisher.ts';
import { variantPlan } from './variantPlan.ts';

// The publisher and A/B variants (docs/footer.md#ab-tests-and-consent): a test's start and end rebuild the shops whose
// group has a version of its own, like a scheduled version; a build carries the variants its shops should have.
const test_ = (startsAt: string, endsAt: string): StoredAbTest => ({
  name: 'HERO',
  groups: ['A', 'B'],
  weights: [50, 50],
  startsAt,
  endsAt,
  shops: ['HU'],
});

function setUp(tests: StoredAbTest[], catchUpAtStart = false) {
  const { schedule } = memorySchedule([
    { site: 'HU', version: 1, validFrom: '2026-01-01T00:00:00Z' },
    { site: 'HU', version: 2, validFrom: '2026-01-01T00:00:00Z', abTarget: { test: 'HERO', group: 'B' } },
  ]);
  const calls: BuildRequest[] = [];
  let live: Release = {
    id: 'r1',
    createdAt: '2026-11-01T00:00:00.000Z',
    kind: 'build',
    built: ['hu'],
    shops: { hu: { release: 'r1', contentVersion: 1, builtAt: '2026-11-01T00:00:00.000Z', durationMs: 1 } },
  };
  const publisher = createPublisher({
    schedule,
    catchUpAtStart,
    liveRelease: () => live,
    variants: variantPlan(schedule, async () => tests),
    build: async (request) => {
      calls.push(request);
      live = { ...live, variants: request.variants };
      return { ok: true };
    },
    log: () => {},
  });
  return { publisher, calls, tests };
}

const heroB: AbVariant = { test: 'HERO', group: 'B', segment: 'hu', contentVersion: 2 };

beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-11-30T12:00:00Z') }));
afterEach(() => void vi.useRealTimers());

describe('the publisher and A/B variants', () => {
  test('a test starting later rebuilds hu with its group-B variant at the start, and without it at the end', async () => {
    // Between two of the publisher's minutely looks: the wait is cut to the start and the end.
    const { publisher, calls } = setUp([test_('2026-11-30T12:10:30Z', '2026-11-30T12:20:30Z')]);
    publisher.start('http://127.0.0.1:1');
    await vi.advanceTimersByTimeAsync(10 * 60_000 + 29_999);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => [call.shops, call.variants])).toEqual([[['hu'], [heroB]]]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls.map((call) => [call.shops, call.variants])).toEqual([
      [['hu'], [heroB]],
      [['hu'], []],
    ]);
    await publisher.stop();
  });

  test('a test created while running is built at once when the calendar is said to have changed', async () => {
    const { publisher, calls, tests } = setUp([]);
    publisher.start('http://127.0.0.1:1');
    await vi.advanceTimersByTimeAsync(0);
    tests.push(test_('2026-11-30T00:00:00Z', '2026-12-30T00:00:00Z'));
    await publisher.abTestsChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.variants)).toEqual([[heroB]]);
    await publisher.stop();
  });

  test('at start, a running test’s missing variant is built only by a publisher that catches up', async () => {
    const running = [test_('2026-11-30T00:00:00Z', '2026-12-30T00:00:00Z')];
    const quiet = setUp(running, false);
    quiet.publisher.start('http://127.0.0.1:1');
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(quiet.calls).toEqual([]);
    await quiet.publisher.stop();
    const catching = setUp(running, true);
    catching.publisher.start('http://127.0.0.1:1');
    await vi.advanceTimersByTimeAsync(0);
    expect(catching.calls.map((call) => call.variants)).toEqual([[heroB]]);
    await catching.publisher.stop();
  });
});
