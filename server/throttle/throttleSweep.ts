import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { periodicTask, type PeriodicTask } from '../scheduler/periodicTask.ts';
import { purgeExpiredThrottles } from './windowCounter.ts';

/** How often the throttles' windows and failure counts that are over are deleted (docs/constants.md#timings). */
export const THROTTLE_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Deletes throttle windows and failure counts that are over, at start and every minute, so the throttle tables hold
 * only live keys however many clients came (docs/security.md). A failed run is logged and the next one tries again.
 */
export function throttleSweep(
  shared: SharedDatabase,
  log: Pick<Console, 'log' | 'error'> = console,
  intervalMs = THROTTLE_SWEEP_INTERVAL_MS,
): PeriodicTask {
  // Routine housekeeping every minute: only a failure is worth a line (no `done`).
  return periodicTask({
    name: 'The sweep of throttle counts',
    intervalMs,
    round: () => purgeExpiredThrottles(shared),
    log,
  });
}
