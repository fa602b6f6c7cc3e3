import { expect, test } from 'vitest';
import { createShutdown } from '../shutdown.ts';
import { createScheduler, type BackgroundWork } from './scheduler.ts';

function recordingWork(name: string, events: string[]): BackgroundWork {
  return { start: () => void events.push(`${name} started`), stop: async () => void events.push(`${name} stopped`) };
}

test('starts the work in the order added, starts work added later at once, stops it all on shutdown by name', async () => {
  const events: string[] = [];
  const lines: string[] = [];
  const shutdown = createShutdown({ log: (line) => lines.push(line) });
  const scheduler = createScheduler();
  scheduler.add('publisher', recordingWork('publisher', events));
  scheduler.add('mail', recordingWork('mail', events));
  scheduler.stopOnShutdown(shutdown);
  expect(events).toEqual([]);
  scheduler.start();
  scheduler.add('iys sync', recordingWork('iys sync', events));
  expect(events).toEqual(['publisher started', 'mail started', 'iys sync started']);
  expect(() => scheduler.add('mail', recordingWork('mail', events))).toThrow(/added twice/);
  await shutdown.run('SIGTERM');
  expect(events.slice(3).sort()).toEqual(['iys sync stopped', 'mail stopped', 'publisher stopped']);
  expect(lines[0]).toBe('SIGTERM: stopping publisher, mail, iys sync (at most 10 s)');
});
