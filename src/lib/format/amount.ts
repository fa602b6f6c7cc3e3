import type { Shop } from '../../shared/countries.ts';

/** U+00A0: keeps a number and its currency sign on one line ("999 Kč", never "999" / "Kč"). */
const NO_BREAK_SPACE = '\u00a0';

/**
 * An amount as the shop's copy writes it: the locale's digits and separators, whole numbers without decimals, and
 * the shop's currency sign on its side, joined by a no-break space ("999 Kč", "1000 TL", "CHF 50", "15 000 Ft").
 * Four-digit amounts stay ungrouped ("1000 TL", as the shops' texts write them); larger ones are grouped.
 */
export function formatAmount(shop: Pick<Shop, 'locale' | 'currencySign'>, amount: number): string {
  const number = new Intl.NumberFormat(shop.locale, { maximumFractionDigits: 2, useGrouping: 'min2' }).format(amount);
  const { text, position } = shop.currencySign;
  return position === 'before' ? `${text}${NO_BREAK_SPACE}${number}` : `${number}${NO_BREAK_SPACE}${text}`;
}
