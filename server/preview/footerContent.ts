import type { DatabaseSync } from 'node:sqlite';
import type { Shop } from '../../src/shared/countries.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';
import { versionStore } from '../promotion/versionStore.ts';

/**
 * The footer content (`contentJSON`) a shop shows at an instant for a forced A/B group, or undefined when there is
 * none (docs/preview.md#preview-render).
 */
export type FooterContentAt = (site: Shop['code'], at: Date, target?: ForcedGroup) => string | undefined;

/**
 * From the promotion service's content versions: a version targeting the forced test and group wins, else the latest
 * untargeted one valid at the moment.
 */
export function versionedFooterContent(db: DatabaseSync): FooterContentAt {
  const store = versionStore(db);
  return (site, at, target) => store.previewAt(site, 'SHOP_FOOTER', at, target)?.contentJSON;
}
