import type { Shop } from '../../shared/countries.ts';

/** U+00A0: keeps a number and its currency sign on one line ("999 Kč", never "999" / "Kč"). */
const NO_BREAK_SPACE = '\u00a0';

/**
 * An amount as the shop's copy writes it: the locale's digits and separators, whole numbers without decimals, and
 * the shop's currency sign on its side, joined by a no-break space ("999 Kč", "1.000 TL", "CHF 50", "15 000 Ft").
 * Thousands are grouped as the locale groups them: from four digits in Turkish and German ("1.000 TL"), from five in
 * Polish and Hungarian ("1000 zł", "15 000 Ft").
 */
export function formatAmount(shop: Pick<Shop, 'locale' | 'currencySign'>, amount: number): string {
  const number = new Intl.NumberFormat(shop.locale, { maximumFractionDigits: 2, useGrouping: 'auto' }).format(amount);
  const { text, position } = shop.currencySign;
  return position === 'before' ? `${text}${NO_BREAK_SPACE}${number}` : `${number}${NO_BREAK_SPACE}${text}`;
}
