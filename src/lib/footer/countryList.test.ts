import { describe, expect, test } from 'vitest';
import { shopBySegment } from '../../shared/countries.ts';
import { countryItems } from './countryList.ts';

describe('countryItems', () => {
  test('lists the spec\'s 33 countries plus "other", labelled in the page\'s language', () => {
    const items = countryItems(shopBySegment('tr')!, 'Diğer ülkeler');
    expect(items).toHaveLength(34);
    expect(items[0]).toEqual({ label: 'Almanya', code: 'DE', href: '/de/', flag: '🇩🇪' });
    expect(items.at(-1)).toMatchObject({ label: 'Diğer ülkeler', code: 'OTHER' });
  });

  test('every shop links to its page, other countries to the configured external URL', () => {
    const items = countryItems(shopBySegment('de')!, 'Andere Länder', 'https://intl.example/{country}/');
    const byCode = Object.fromEntries(items.map((item) => [item.code, item.href]));
    expect(byCode).toMatchObject({
      DE: '/de/',
      AT: '/at/',
      CZ: '/cz/',
      HU: '/hu/',
      SK: '/sk/',
      TR: '/tr/',
      PL: '/pl/',
    });
    expect(byCode.FR).toBe('https://intl.example/fr/');
    expect(byCode.OTHER).toBe('https://intl.example/other/');
  });

  test("Switzerland leads to the shop in the page's language", () => {
    expect(countryItems(shopBySegment('ch-fr')!, 'Autres pays').find((i) => i.code === 'CH')).toMatchObject({
      href: '/ch-fr/',
      label: 'Suisse',
    });
    expect(countryItems(shopBySegment('de')!, 'x').find((i) => i.code === 'CH')?.href).toBe('/ch/');
    expect(countryItems(shopBySegment('pl')!, 'x').find((i) => i.code === 'CH')?.href).toBe('/ch/');
  });
});
