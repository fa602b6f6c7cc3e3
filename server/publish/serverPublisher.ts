import type { ServerConfig } from '../../src/shared/config.ts';
import { liveRelease, missingSite } from '../../src/shared/publish/releases.ts';
import type { ContentSchedule } from './contentSchedule.ts';
import { createPublisher, type BuildRunner, type Publisher } from './publisher.ts';
import { releaseBuilder } from './releaseBuilder.ts';

const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/** The publisher as `PUBLISHER` configures it, or undefined when it is `off`. See docs/calls.md#publisher. */
export function serverPublisher(
  config: ServerConfig,
  schedule: ContentSchedule,
  build: BuildRunner = releaseBuilder(config),
): Publisher | undefined {
  if (config.publisher === 'off') return undefined;
  return createPublisher({
    schedule,
    build,
    liveRelease: () => liveRelease(config.distDir, config.releasesDir),
    catchUpAtStart: config.publisher === 'auto',
    missingSite: () => missingSite(config.distDir),
  });
}

/** The origin builds read content from: this server, on the address it listens on. */
export function ownOrigin(host: string, port: number): string {
  if (EVERY_INTERFACE.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
