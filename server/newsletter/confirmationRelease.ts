import type { MailJobs } from '../mail/mailJobs.ts';
import { periodicTask, type PeriodicTask } from '../scheduler/periodicTask.ts';
import {
  CONFIRMATION_RELEASE_INTERVAL_MS,
  confirmationCaps,
  releaseDeferredConfirmations,
  type ConfirmationCaps,
} from '../throttle/confirmationCaps.ts';

/** Settings of the releaser; all optional, for tests. */
export interface ConfirmationReleaserOptions {
  intervalMs?: number;
  /** The time the caps judge by. */
  now?: () => Date;
  log?: Pick<Console, 'log' | 'warn' | 'error'>;
}

/**
 * Lets the confirmation mails the caps deferred go as soon as the caps allow (docs/newsletter.md#rate-limit), at start
 * and every `intervalMs`, and wakes the sender when it let some go. Several instances may run it at once: each run
 * decides under the caps' lock. A failed run is logged and the next one tries again; the deferred count is in
 * `npm run mail:status`.
 */
export function confirmationReleaser(
  jobs: MailJobs,
  caps: ConfirmationCaps,
  {
    intervalMs = CONFIRMATION_RELEASE_INTERVAL_MS,
    now = () => new Date(),
    log = console,
  }: ConfirmationReleaserOptions = {},
): PeriodicTask {
  const decided = confirmationCaps(caps, log);
  // Every few seconds during a flood: only a failure is worth a line (no `done`; mail:status counts what waits).
  return periodicTask({
    name: 'Letting deferred confirmation mails go',
    intervalMs,
    round: async () => {
      const released = await releaseDeferredConfirmations(jobs.database, decided, now());
      if (released > 0) jobs.notify();
      return released;
    },
    log,
  });
}
