import path from 'node:path';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { buildLease, type BuildLease } from './buildLease.ts';

/**
 * Set by a server for the build it starts (`scripts/build.mjs`): the server holds the release lease for that build,
 * so the build does not wait for it (docs/architecture.md#locks).
 */
export const RELEASE_LEASE_HOLDER_ENV = 'RELEASE_LEASE_HOLDER';

/** The name of the lease that guards the switch of one release folder, in the shared database. */
export function releaseLeaseName(releasesDir: string): string {
  return `releases:${path.resolve(releasesDir)}`;
}

/**
 * The one lock of a release folder's switch (docs/architecture.md#locks): the server's publisher, `npm run build` and
 * `npm run rollback` all take it, on this host or another, before they build or switch a release of `releasesDir`.
 */
export function releaseLease(shared: SharedDatabase, releasesDir: string): BuildLease {
  return buildLease(shared, { name: releaseLeaseName(releasesDir) });
}
