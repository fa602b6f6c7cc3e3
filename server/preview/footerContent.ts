import type { Shop } from '../../src/shared/countries.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';
import type { VersionStore } from '../promotion/versionStore.ts';

/**
 * The footer content (`contentJSON`) a shop shows at an instant for a forced A/B group, or undefined when there is
 * none (docs/preview.md#preview-render).
 */
export type FooterContentAt = (site: Shop['code'], at: Date, target?: ForcedGroup) => Promise<string | undefined>;

/**
 * From the promotion service's content versions: a version targeting the forced test and group wins, else the latest
 * untargeted one valid at the moment.
 */
export function versionedFooterContent(versions: VersionStore): FooterContentAt {
  return async (site, at, target) => {
    await versions.ready();
    return versions.previewAt(site, 'SHOP_FOOTER', at, target)?.contentJSON;
  };
}
