import type { Shop } from '../../shared/countries.ts';
import { shops } from '../../shared/countries.ts';
import type { UiLocale } from '../../shared/locales.ts';

/**
 * The country selector's countries in their fixed order (docs/footer.md#country-selector), as ISO 3166 codes; `other`
 * comes last.
 */
export const selectorCountryCodes = [
  'DE',
  'CH',
  'AT',
  'CZ',
  'HU',
  'PL',
  'SI',
  'SK',
  'TR',
  'BE',
  'BG',
  'CY',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PT',
  'RO',
  'SE',
] as const;

/** One entry of the country selector (label, code, href, flag; docs/footer.md#country-selector). */
export interface CountryItem {
  /** Country name in the page's language. */
  label: string;
  /** ISO code, or `OTHER`. */
  code: string;
  /** Where choosing it takes the browser. */
  href: string;
  /** Emoji flag (regional indicators); decorative. */
  flag: string;
}

/**
 * Where countries without a shop of their own go (the retailer's international site). `{country}` is replaced by
 * the lower-case ISO code, or `other`. Configurable at build time with `COUNTRY_SELECTOR_EXTERNAL_URL`.
 */
export const defaultExternalUrl = 'https://international.aroma.example/?country={country}';

// The shop's country is the part of its code before `_` (`CH_FR` is a shop of Switzerland).
const countryOf = (shop: Shop): string => shop.code.split('_')[0] ?? shop.code;

function flagOf(code: string): string {
  // Two regional-indicator letters make the emoji flag of a country code.
  return [...code].map((letter) => String.fromCodePoint(0x1f1e6 + letter.charCodeAt(0) - 65)).join('');
}

/**
 * The selector's items for a page in `current` shop: a country with a shop links to it (the shop in the page's
 * language when the country has several, like Switzerland), every other country to the external URL.
 */
export function countryItems(current: Shop, otherLabel: string, externalUrl = defaultExternalUrl): CountryItem[] {
  const names = new Intl.DisplayNames([current.locale], { type: 'region' });
  const language = (locale: UiLocale) => locale.split('-')[0];
  const external = (code: string) => externalUrl.replace('{country}', encodeURIComponent(code.toLowerCase()));
  const items = selectorCountryCodes.map((code) => {
    const candidates = shops.filter((shop) => countryOf(shop) === code);
    const shop = candidates.find((s) => language(s.locale) === language(current.locale)) ?? candidates[0];
    return {
      label: names.of(code) ?? code,
      code,
      href: shop ? `/${shop.segment}/` : external(code),
      flag: flagOf(code),
    };
  });
  return [...items, { label: otherLabel, code: 'OTHER', href: external('other'), flag: '🌐' }];
}

/** The selector item of the current shop's country. */
export function currentCountryCode(shop: Shop): string {
  return countryOf(shop);
}
