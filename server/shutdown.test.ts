import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SHUTDOWN_TIMEOUT_MS, createShutdown } from './shutdown.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const never = () => new Promise<void>(() => {});

test('every registered task starts at once, each once, however often shutdown is asked for', async () => {
  const lines: string[] = [];
  const shutdown = createShutdown({ log: (line) => lines.push(line) });
  const started: string[] = [];
  shutdown.onShutdown('http', async () => {
    started.push('http');
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  shutdown.onShutdown('mail sender', () => void started.push('mail sender'));
  const unregister = shutdown.onShutdown('gone', () => void started.push('gone'));
  unregister();

  const first = shutdown.run('SIGTERM');
  const second = shutdown.run('SIGINT');
  expect(shutdown.started).toBe(true);
  expect(started).toEqual(['http', 'mail sender']);
  await vi.advanceTimersByTimeAsync(500);
  await Promise.all([first, second]);
  expect(started).toEqual(['http', 'mail sender']);
  expect(lines).toEqual(['SIGTERM: stopping http, mail sender (at most 10 s)', 'done in 0.5 s']);
});

test('a task still running is aborted a second before the deadline, and the shutdown is over at the deadline', async () => {
  const lines: string[] = [];
  const shutdown = createShutdown({ log: (line) => lines.push(line) });
  let abortedAt: number | undefined;
  shutdown.onShutdown(
    'build',
    (signal) =>
      new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          abortedAt = Date.now();
          resolve();
        }),
      ),
  );
  shutdown.onShutdown('stuck', never);
  const start = Date.now();
  let over = false;
  void shutdown.run('SIGTERM').then(() => (over = true));

  await vi.advanceTimersByTimeAsync(SHUTDOWN_TIMEOUT_MS - 1001);
  expect(abortedAt).toBeUndefined();
  await vi.advanceTimersByTimeAsync(1);
  expect(abortedAt! - start).toBe(SHUTDOWN_TIMEOUT_MS - 1000);
  expect(over).toBe(false);
  await vi.advanceTimersByTimeAsync(1000);
  expect(over).toBe(true);
  expect(lines.slice(1)).toEqual(['still waiting for build, stuck: stopping them now', 'gave up on stuck']);
});

test('a task that fails to stop is logged and does not hold the others up', async () => {
  const lines: string[] = [];
  const shutdown = createShutdown({ log: (line) => lines.push(line) });
  shutdown.onShutdown('publisher', () => Promise.reject(new Error('kill failed')));
  shutdown.onShutdown('http', () => {});
  await shutdown.run('SIGINT');
  expect(lines).toContain('publisher failed to stop: kill failed');
  expect(lines.at(-1)).toBe('done in 0.0 s');
});
