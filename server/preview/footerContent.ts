import type { DatabaseSync } from 'node:sqlite';
import type { ShopCode } from '../../src/shared/countries.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';

/**
 * The footer content (`contentJSON`) a shop shows at an instant for a forced A/B group, or undefined when there is
 * none. The content-versions store answers this (a version targeting the forced test and group wins, else the latest
 * untargeted one valid then; docs/preview.md#preview-render).
 */
export type FooterContentAt = (site: ShopCode, at: Date, target?: ForcedGroup) => string | undefined;

/** Until footer content has versions: the one `SHOP_FOOTER` promotion stored per shop, whatever the moment or group. */
export function currentFooterContent(db: DatabaseSync): FooterContentAt {
  const find = db.prepare("SELECT content_json FROM promotions WHERE site = ? AND name = 'SHOP_FOOTER'");
  return (site) => (find.get(site) as { content_json: string } | undefined)?.content_json;
}
