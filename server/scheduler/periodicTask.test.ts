import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { periodicTask, type PeriodicTaskSpec } from './periodicTask.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function recorded() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    log: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}

function task(spec: Partial<PeriodicTaskSpec> & Pick<PeriodicTaskSpec, 'round'>, log = recorded().log) {
  return periodicTask({ name: 'The test sweep', intervalMs: 1000, done: (count) => `Swept ${count}.`, log, ...spec });
}

test('runs at start and every interval; a failed round is logged and the next one runs all the same', async () => {
  const { lines, errors, log } = recorded();
  let rounds = 0;
  const sweep = task(
    {
      round: () => {
        rounds += 1;
        if (rounds === 1) throw new Error('database is locked for z.a@example.com');
        return rounds === 2 ? 3 : 0;
      },
    },
    log,
  );
  sweep.start();
  await vi.advanceTimersByTimeAsync(2000);
  await sweep.stop();
  await vi.advanceTimersByTimeAsync(5000);
  expect(rounds).toBe(3);
  // The address a failure quotes is masked in the log.
  expect(errors).toEqual(['The test sweep failed: database is locked for z***@example.com. It runs again in 1 s.']);
  // Only a round that changed something says so.
  expect(lines).toEqual(['Swept 3.']);
});

test('one round at a time: wake-ups during a round run exactly one more right after it', async () => {
  let wake = () => {};
  let rounds = 0;
  let finish = () => {};
  const sweep = task({
    atStart: false,
    intervalMs: 60_000,
    wakeOn: (listener) => {
      wake = listener;
      return () => (wake = () => {});
    },
    round: () => {
      rounds += 1;
      return new Promise<number>((resolve) => (finish = () => resolve(0)));
    },
  });
  sweep.start();
  wake();
  expect(rounds).toBe(1);
  wake();
  wake();
  finish();
  await vi.advanceTimersByTimeAsync(0);
  expect(rounds).toBe(2);
  finish();
  await sweep.stop();
  expect(rounds).toBe(2);
  // Stopped: a wake-up does nothing.
  wake();
  expect(rounds).toBe(2);
});

test('work for one instance runs only while its lease is ours, asks whether anything is due first, gives it up at stop', async () => {
  const lease = { held: false, acquired: 0, released: 0 };
  let due = false;
  let rounds = 0;
  const sweep = task({
    lease: {
      acquire: async () => ((lease.acquired += 1), { held: lease.held }),
      release: async () => void (lease.released += 1),
    },
    due: async () => due,
    round: () => void (rounds += 1),
  });
  sweep.start();
  await vi.advanceTimersByTimeAsync(0);
  // Nothing due: the lease (a write) is not even asked for.
  expect(lease.acquired).toBe(0);
  due = true;
  await vi.advanceTimersByTimeAsync(1000);
  expect([lease.acquired, rounds]).toEqual([1, 0]);
  lease.held = true;
  await vi.advanceTimersByTimeAsync(1000);
  expect([lease.acquired, rounds]).toEqual([2, 1]);
  await sweep.stop();
  expect(lease.released).toBe(1);
});

test('waits what nextWaitMs says, computed anew by reschedule()', async () => {
  let waitMs = 10_000;
  let rounds = 0;
  const sweep = task({ atStart: false, nextWaitMs: () => waitMs, round: () => void (rounds += 1) });
  sweep.start();
  await vi.advanceTimersByTimeAsync(5000);
  expect(rounds).toBe(0);
  waitMs = 1000;
  sweep.reschedule();
  await vi.advanceTimersByTimeAsync(1000);
  expect(rounds).toBe(1);
  await sweep.stop();
});
