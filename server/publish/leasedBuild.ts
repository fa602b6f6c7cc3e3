import { variantsKey } from '../abtests/wantedVariants.ts';
import type { AbVariant, Release } from '../../src/shared/publish/releases.ts';
import { BUILD_LEASE_TTL_MS, type BuildLease } from './buildLease.ts';
import type { BuildRunner } from './publisher.ts';
import { periodicTask } from '../scheduler/periodicTask.ts';

/** How often an instance waiting for another one's build asks for the lease again (docs/constants.md#timings). */
export const BUILD_LEASE_POLL_MS = 1000;

export interface LeasedBuildOptions {
  lease: BuildLease;
  /** The release served now, read afresh (another instance may have switched it while this one waited). */
  liveRelease: () => Release | undefined;
  log?: (line: string) => void;
  now?: () => number;
  pollMs?: number;
  /** How often the lease is renewed while building; a third of its time to live by default. */
  renewMs?: number;
}

/** Waits until the lease is ours; false when the build was called off meanwhile (the server stops). */
export async function waitForLease(
  lease: BuildLease,
  signal: AbortSignal,
  pollMs: number,
  log: (line: string) => void,
): Promise<boolean> {
  // Each is said once per wait, not at every attempt.
  let saidWaiting = false;
  let saidUnreadable = false;
  for (;;) {
    if (signal.aborted) return false;
    const attempt = await lease.acquire().catch((error: unknown) => {
      if (!saidUnreadable) log(`the build lease could not be read, trying again: ${(error as Error).message}`);
      saidUnreadable = true;
      return undefined;
    });
    if (attempt?.held) return true;
    if (attempt && !saidWaiting) {
      log(`another instance is building (${attempt.holder}): waiting for it`);
      saidWaiting = true;
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

/**
 * One build at a time across every instance on one database (docs/operations.md#several-instances): a build first
 * takes the shared build lease, waiting while another instance holds it, and renews it while it runs. Once it holds
 * the lease, the shops another instance built meanwhile, from the same content version, are not built again: when
 * scheduled content comes due on N instances at once, one of them builds it.
 */
export function leasedBuild(build: BuildRunner, options: LeasedBuildOptions): BuildRunner {
  const { lease, liveRelease, now = Date.now, pollMs = BUILD_LEASE_POLL_MS } = options;
  const log = options.log ?? ((line: string) => console.log(`[publish] ${line}`));
  return async (request) => {
    const askedAt = now();
    if (!(await waitForLease(lease, request.signal, pollMs, log)))
      return { ok: false, message: 'Stopped while waiting for another instance to finish its build' };
    const lost = new AbortController();
    // Renewed while the build runs, a periodic task of its own (docs/architecture.md#background-work).
    const renewal = periodicTask({
      name: 'The renewal of the build lease',
      intervalMs: options.renewMs ?? Math.floor(BUILD_LEASE_TTL_MS / 3),
      atStart: false,
      round: async () => {
        if (!(await lease.renew())) lost.abort();
      },
      // The database is away for a moment: the lease's time to live decides, the next renewal tries again.
      log: { log, error: log },
    });
    renewal.start();
    try {
      const live = liveRelease();
      const builtElsewhere = request.shops.filter((segment) => {
        const shop = live && Object.hasOwn(live.shops, segment) ? live.shops[segment] : undefined;
        return (
          shop !== undefined &&
          Date.parse(shop.builtAt) >= askedAt &&
          (shop.contentVersion ?? undefined) === request.contentVersions[segment] &&
          variantsKey(ofSegment(live?.variants ?? [], segment)) === variantsKey(ofSegment(request.variants, segment))
        );
      });
      if (builtElsewhere.length > 0) log(`built by another instance meanwhile: ${builtElsewhere.join(', ')}`);
      const shops = request.shops.filter((segment) => !builtElsewhere.includes(segment));
      if (shops.length === 0) return { ok: true };
      const contentVersions = Object.fromEntries(
        Object.entries(request.contentVersions).filter(([segment]) => shops.includes(segment)),
      );
      const variants = request.variants.filter((variant) => shops.includes(variant.segment));
      const outcome = await build({
        ...request,
        shops,
        contentVersions,
        variants,
        signal: AbortSignal.any([request.signal, lost.signal]),
        leaseHolder: lease.holder,
      });
      if (lost.signal.aborted)
        return { ok: false, message: 'Another instance took the build lease over: this build was stopped' };
      return outcome;
    } finally {
      await renewal.stop();
      await lease.release().catch((error: unknown) => {
        log(`the build lease could not be given up (it expires by itself): ${(error as Error).message}`);
      });
    }
  };
}

/** The variants of one shop. */
function ofSegment(variants: readonly AbVariant[], segment: string): AbVariant[] {
  return variants.filter((variant) => variant.segment === segment);
}
