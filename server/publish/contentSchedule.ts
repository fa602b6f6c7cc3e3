import type { PromotionVersion, VersionStore } from '../promotion/versionStore.ts';

/**
 * What the publisher needs from the promotion service's content versions: the version store, or a fake in tests.
 * See docs/calls.md#publisher.
 */
export type ContentSchedule = Pick<VersionStore, 'liveAt' | 'previewAt' | 'nextScheduled' | 'onStored'>;

/** The fields of a stored version the publisher reads. */
export type ScheduledVersion = Pick<PromotionVersion, 'version' | 'site' | 'validFrom'> &
  Partial<Pick<PromotionVersion, 'abTarget'>>;
