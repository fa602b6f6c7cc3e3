import { BUILD_LEASE_TTL_MS, type BuildLease } from './buildLease.ts';
import { BUILD_LEASE_POLL_MS, waitForLease } from './leasedBuild.ts';
import { periodicTask } from '../scheduler/periodicTask.ts';

/** How long a command beside the servers (`npm run rollback`) waits for another instance's build (docs/constants.md#timings). */
export const COMMAND_LEASE_WAIT_MS = 5 * 60_000;

export interface UnderBuildLeaseOptions {
  waitMs?: number;
  pollMs?: number;
  /** How often the lease is renewed while `task` runs; a third of its time to live by default. */
  renewMs?: number;
  log?: (line: string) => void;
}

/**
 * Runs `task` holding the release lease (docs/architecture.md#locks), for a command that builds or switches releases
 * (`npm run build`, `npm run rollback`): it waits while an instance or another command, on this host or another,
 * holds it; gives up after `waitMs`; renews it while `task` runs. When the lease cannot be read at all (PostgreSQL
 * unreachable), `task` runs anyway and says so: a rollback is what an operator reaches for when things are broken.
 */
export async function underBuildLease<T>(
  lease: BuildLease,
  task: () => Promise<T> | T,
  {
    waitMs = COMMAND_LEASE_WAIT_MS,
    pollMs = BUILD_LEASE_POLL_MS,
    renewMs = Math.floor(BUILD_LEASE_TTL_MS / 3),
    log = console.log,
  }: UnderBuildLeaseOptions = {},
): Promise<T> {
  const first = await lease
    .acquire()
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (first instanceof Error) {
    log(`The release lease could not be read (${first.message}): going on without it.`);
    return task();
  }
  if (!first.held && !(await waitForLease(lease, AbortSignal.timeout(waitMs), pollMs, log)))
    throw new Error(
      `Another instance is still building after ${Math.round(waitMs / 1000)} s (${first.holder}): try again once it is done`,
    );
  // A build outlasts the lease's time to live: it is renewed meanwhile (a renewal that fails is logged and retried).
  const renewal = periodicTask({
    name: 'The renewal of the release lease',
    intervalMs: renewMs,
    atStart: false,
    round: async () => {
      if (!(await lease.renew()))
        log('The release lease expired and another holder took it: this command no longer holds it.');
    },
    log: { log, error: log },
  });
  renewal.start();
  try {
    return await task();
  } finally {
    await renewal.stop();
    await lease.release().catch(() => {});
  }
}
