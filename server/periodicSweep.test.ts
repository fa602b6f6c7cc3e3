import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { periodicSweep } from './periodicSweep.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const messages = { done: (count: number) => `Swept ${count}.`, failed: 'The test sweep' };

test('runs at start and every interval; a failed run is logged and the next one runs all the same', () => {
  const lines: string[] = [];
  const errors: string[] = [];
  let runs = 0;
  const sweep = periodicSweep(
    () => {
      runs += 1;
      if (runs === 1) throw new Error('database is locked');
      return runs === 2 ? 3 : 0;
    },
    messages,
    1000,
    { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  );
  sweep.start();
  vi.advanceTimersByTime(2000);
  sweep.stop();
  vi.advanceTimersByTime(5000);
  expect(runs).toBe(3);
  expect(errors).toEqual(['The test sweep failed: database is locked. It runs again in 1 s.']);
  // Only a run that changed something says so.
  expect(lines).toEqual(['Swept 3.']);
});
