import type { Shop } from '../countries.ts';
import { formatAmount } from '../format/amount.ts';

/**
 * Facts of the country table that footer texts name by placeholder (`{{returnPeriod}}`) instead of writing them
 * out, so that the table is their one home (docs/footer.md#shop-facts).
 */
export const shopFactNames = ['freeShippingFrom', 'freeShippingWithCardFrom', 'returnPeriod', 'serviceHours'] as const;

/** The name of one shop fact, e.g. `returnPeriod`. */
export type ShopFactName = (typeof shopFactNames)[number];

/** What the operator reads when a shop lacks a fact that its text names. */
const missingFact: Record<ShopFactName, string> = {
  freeShippingFrom: 'no free-shipping threshold',
  freeShippingWithCardFrom: 'no free-shipping threshold with the loyalty card',
  returnPeriod: 'no return period',
  serviceHours: 'no customer-service hours',
};

/** A return period as the shop's language writes it: "30 Tage", "3 mois", "30 dní", "90 gün". */
export function formatReturnPeriod(shop: Pick<Shop, 'locale' | 'returnPeriod'>): string {
  const { amount, unit } = shop.returnPeriod;
  return new Intl.NumberFormat(shop.locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

/** Service hours as the footers write them: "09:00–19:00". */
export function formatServiceHours(hours: NonNullable<Shop['serviceHours']>): string {
  return `${hours.opens}–${hours.closes}`;
}

/** The shop's facts, formatted for its texts; a fact the shop does not have is absent. */
export function shopFactValues(shop: Shop): Partial<Record<ShopFactName, string>> {
  const values: Partial<Record<ShopFactName, string>> = { returnPeriod: formatReturnPeriod(shop) };
  if (shop.freeShipping) {
    values.freeShippingFrom = formatAmount(shop, shop.freeShipping.from);
    if (shop.freeShipping.withCardFrom !== undefined)
      values.freeShippingWithCardFrom = formatAmount(shop, shop.freeShipping.withCardFrom);
  }
  if (shop.serviceHours) values.serviceHours = formatServiceHours(shop.serviceHours);
  return values;
}

/** Whether a name is one of the shop facts (a plain object look-up would also find `toString`). */
function isShopFactName(name: string): name is ShopFactName {
  return (shopFactNames as readonly string[]).includes(name);
}

/** The result of filling one text: the text, or why it cannot be shown. */
export type FilledText = { ok: true; text: string } | { ok: false; message: string };

/**
 * Replaces every `{{name}}` in a text by the shop's fact. An unknown name, a fact the shop does not have, or a stray
 * `{{` or `}}` is a problem: a shopper must never read braces.
 */
export function fillShopFacts(text: string, shop: Shop): FilledText {
  const values = shopFactValues(shop);
  const problems: string[] = [];
  const filled = text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (placeholder, name: string) => {
    if (!isShopFactName(name)) {
      problems.push(
        `unknown placeholder ${placeholder} (known: ${shopFactNames.map((known) => `{{${known}}}`).join(', ')})`,
      );
      return placeholder;
    }
    const value = values[name];
    if (value === undefined)
      problems.push(`${placeholder}: the country table has ${missingFact[name]} for ${shop.code}`);
    return value ?? placeholder;
  });
  if (problems.length === 0 && /\{\{|\}\}/.test(filled)) problems.push('has an unmatched {{ or }}');
  return problems.length ? { ok: false, message: problems.join('; ') } : { ok: true, text: filled };
}
