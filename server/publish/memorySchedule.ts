import type { ContentSchedule, ScheduledVersion } from './contentSchedule.ts';
import type { PromotionVersion } from '../promotion/versionStore.ts';
import { selectLive, selectNextScheduled, selectPreview } from '../promotion/selectVersion.ts';

/** A whole stored version from the fields the publisher reads. */
const stored = (version: ScheduledVersion): PromotionVersion => ({
  name: 'SHOP_FOOTER',
  contentJSON: '{}',
  storedAt: version.validFrom,
  storedBy: 'test',
  ...version,
});

/**
 * A content schedule over an in-memory list of versions, with the version store's rules (the latest `validFrom` at or
 * before the instant is live). For tests that drive the publisher without the promotion service.
 */
export function memorySchedule(scheduled: ScheduledVersion[] = []) {
  const versions = scheduled.map(stored);
  const listeners = new Set<(version: PromotionVersion) => void>();
  const ofSite = (site: string) => versions.filter((version) => version.site === site);
  const schedule: ContentSchedule = {
    liveAt: (site, _name, at) => selectLive(ofSite(site), at),
    previewAt: (site, _name, at, target) => selectPreview(ofSite(site), at, target),
    nextScheduled: (site, _name, after) => selectNextScheduled(ofSite(site), after),
    onStored: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  /** Adds a version and tells the listeners, as a stored version does. */
  const store = (version: ScheduledVersion) => {
    versions.push(stored(version));
    for (const listener of listeners) listener(stored(version));
  };
  /** Adds a version without telling the listeners, as another instance storing it on the shared database does. */
  const storeElsewhere = (version: ScheduledVersion) => void versions.push(stored(version));
  return { schedule, store, storeElsewhere };
}
