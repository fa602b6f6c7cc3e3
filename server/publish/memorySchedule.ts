import type { ContentSchedule, PromotionVersion } from './contentSchedule.ts';

/**
 * A content schedule over an in-memory list of versions, with the version store's rules (the latest `validFrom` at or
 * before the instant is live). For tests that drive the publisher without the promotion service.
 */
export function memorySchedule(versions: PromotionVersion[] = []) {
  const listeners = new Set<(version: PromotionVersion) => void>();
  const ofSite = (site: string) => versions.filter((version) => version.site === site);
  const schedule: ContentSchedule = {
    liveAt: (site, _name, at) =>
      ofSite(site).filter((v) => Date.parse(v.validFrom) <= at.getTime()).sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0],
    nextScheduled: (site, _name, after) =>
      ofSite(site).filter((v) => Date.parse(v.validFrom) > after.getTime()).sort((a, b) => Date.parse(a.validFrom) - Date.parse(b.validFrom))[0],
    onStored: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  /** Adds a version and tells the listeners, as a stored version does. */
  const store = (version: PromotionVersion) => {
    versions.push(version);
    for (const listener of listeners) listener(version);
  };
  return { schedule, store };
}
