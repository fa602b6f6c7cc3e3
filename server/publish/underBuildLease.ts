import type { BuildLease } from './buildLease.ts';
import { BUILD_LEASE_POLL_MS, waitForLease } from './leasedBuild.ts';

/** How long a command beside the servers (`npm run rollback`) waits for another instance's build (docs/constants.md#timings). */
export const COMMAND_LEASE_WAIT_MS = 5 * 60_000;

export interface UnderBuildLeaseOptions {
  waitMs?: number;
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * Runs `task` holding the build lease (docs/operations.md#several-instances), for a command that switches releases
 * beside running servers: it waits while an instance, on this host or another, builds; gives up after `waitMs`.
 * When the lease cannot be read at all (PostgreSQL unreachable), `task` runs anyway, under the release folder's file
 * lock only, and says so: a rollback is what an operator reaches for when things are broken.
 */
export async function underBuildLease<T>(
  lease: BuildLease,
  task: () => Promise<T>,
  { waitMs = COMMAND_LEASE_WAIT_MS, pollMs = BUILD_LEASE_POLL_MS, log = console.log }: UnderBuildLeaseOptions = {},
): Promise<T> {
  const first = await lease
    .acquire()
    .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  if (first instanceof Error) {
    log(`The build lease could not be read (${first.message}): going on under the release folder's file lock only.`);
    return task();
  }
  if (!first.held && !(await waitForLease(lease, AbortSignal.timeout(waitMs), pollMs, log)))
    throw new Error(
      `Another instance is still building after ${Math.round(waitMs / 1000)} s (${first.holder}): try again once it is done`,
    );
  try {
    return await task();
  } finally {
    await lease.release().catch(() => {});
  }
}
