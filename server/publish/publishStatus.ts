import { shops } from '../../src/shared/countries.ts';
import type { Release } from '../../src/shared/publish/releases.ts';
import type { BuildError, PublishStatus } from '../../src/shared/publish/schemas.ts';
import type { ContentSchedule } from './contentSchedule.ts';

/** What the publisher knows at one moment, for its status (docs/calls.md#status). */
export interface PublisherState {
  live: Release | undefined;
  at: Date;
  schedule: Pick<ContentSchedule, 'nextScheduled'>;
  lastErrors: ReadonlyMap<string, BuildError>;
  /** Shops a build is running for. */
  building: (segment: string) => boolean;
  /** Shops waiting for a build, in the country table's order. */
  queue: string[];
}

/** Per shop: the live release's build of it, its last error, its next scheduled version and whether it is building. */
export function publishStatus({ live, at, schedule, lastErrors, building, queue }: PublisherState): PublishStatus {
  const entries = shops.map((shop) => {
    const built = live?.shops[shop.segment];
    const next = schedule.nextScheduled(shop.code, 'SHOP_FOOTER', at);
    const lastError = lastErrors.get(shop.segment);
    return [
      shop.segment,
      {
        release: live?.id ?? null,
        contentVersion: built?.contentVersion ?? null,
        builtAt: built?.builtAt ?? null,
        durationMs: built?.durationMs ?? null,
        ...(lastError ? { lastError } : {}),
        ...(next ? { nextScheduled: { version: next.version, validFrom: next.validFrom } } : {}),
        building: building(shop.segment),
      },
    ] as const;
  });
  return { shops: Object.fromEntries(entries), queue };
}
