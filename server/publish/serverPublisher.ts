import type { ServerConfig } from '../../src/shared/config.ts';
import { liveRelease, missingSite } from '../../src/shared/publish/releases.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { releaseLease } from './releaseLease.ts';
import type { ContentSchedule } from './contentSchedule.ts';
import { leasedBuild } from './leasedBuild.ts';
import { createPublisher, type BuildRunner, type Publisher } from './publisher.ts';
import { releaseBuilder } from './releaseBuilder.ts';
import { variantPlan } from './variantPlan.ts';
import { abTestCalendar } from '../abtests/calendar.ts';

const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/**
 * The publisher as `PUBLISHER` configures it, or undefined when it is `off`. See docs/calls.md#publisher. With the
 * shared database, its builds take the build lease first: one instance on that database builds at a time
 * (docs/operations.md#several-instances).
 */
export function serverPublisher(
  config: ServerConfig,
  schedule: ContentSchedule,
  shared?: SharedDatabase,
  build: BuildRunner = releaseBuilder(config),
): Publisher | undefined {
  if (config.publisher === 'off') return undefined;
  const live = () => liveRelease(config.distDir, config.releasesDir);
  return createPublisher({
    schedule,
    build: shared ? leasedBuild(build, { lease: releaseLease(shared, config.releasesDir), liveRelease: live }) : build,
    liveRelease: live,
    catchUpAtStart: config.publisher === 'auto',
    missingSite: () => missingSite(config.distDir),
    // The A/B calendar in the shared database: every instance builds the same variants.
    ...(shared && config.abVariants ? { variants: variantPlan(schedule, () => abTestCalendar(shared).list()) } : {}),
  });
}

/** The origin builds read content from: this server, on the address it listens on. */
export function ownOrigin(host: string, port: number): string {
  if (EVERY_INTERFACE.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
