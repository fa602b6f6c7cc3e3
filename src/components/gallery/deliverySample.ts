import type { Shop } from '../../shared/countries.ts';
import { formatAmount } from '../../shared/format/amount.ts';
import type { Translate } from '../../shared/i18n.ts';

/**
 * The gallery's delivery sample: the shop's own free-shipping threshold from the country table, or, for a shop that
 * advertises none, the delivery time alone. Never an amount the shop does not offer.
 */
export function deliverySample(shop: Pick<Shop, 'locale' | 'currencySign' | 'freeShipping'>, t: Translate): string {
  if (!shop.freeShipping) return t('ui.gallery.sample.information');
  return t('ui.gallery.sample.deliveryText', { amount: formatAmount(shop, shop.freeShipping.from) });
}
