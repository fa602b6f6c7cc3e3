import { describe, expect, test } from 'vitest';
import { selectShops, shopByCode, shopBySegment, shops } from './countries.ts';
import { uiLocales } from './locales.ts';

describe('country table', () => {
  test("has the spec's shops, DE first, each with its own code, segment and locale", () => {
    expect(shops[0]?.code).toBe('DE');
    expect(shops.map((s) => s.segment)).toEqual(
      expect.arrayContaining(['de', 'at', 'ch', 'ch-fr', 'cz', 'hu', 'sk', 'tr', 'pl']),
    );
    for (const field of ['code', 'segment', 'locale'] as const)
      expect(new Set(shops.map((s) => s[field])).size).toBe(shops.length);
    expect(shops.map((s) => s.locale).sort()).toEqual([...uiLocales].sort());
  });

  test("carries the spec's site locales", () => {
    expect(shopByCode('TR')?.locale).toBe('tr-TR');
    expect(shopByCode('CH_FR')?.locale).toBe('fr-CH');
    expect(shopByCode('CH')?.locale).toBe('de-CH');
    expect(shopBySegment('cz')?.locale).toBe('cs-CZ');
  });

  test('shows personal fields only in AT, HU and TR; requires them per spec', () => {
    expect(shops.filter((s) => s.newsletter.showsPersonalFields).map((s) => s.code)).toEqual(['AT', 'HU', 'TR']);
    expect(shops.filter((s) => s.newsletter.requiresSalutation).map((s) => s.code)).toEqual(['HU']);
    expect(shops.filter((s) => s.newsletter.requiresNames).map((s) => s.code)).toEqual(['HU', 'TR']);
    expect(shops.filter((s) => s.newsletter.requiresCommercialConsent).map((s) => s.code)).toEqual(['TR']);
  });

  test('lets subscriptions lapse for want of opens only in TR, whose legal notice promises it', () => {
    expect(shops.filter((s) => s.newsletter.stopsWhenUnopened).map((s) => s.code)).toEqual(['TR']);
  });

  test("registers consents with Turkey's İYS only in TR", () => {
    expect(shops.filter((s) => s.newsletter.registersConsentWithIys).map((s) => s.code)).toEqual(['TR']);
  });

  test("has the spec's minimum ages, free-shipping thresholds, return periods and service hours", () => {
    expect(shops.filter((s) => s.newsletter.minimumAge === 18).map((s) => s.code)).toEqual(['CZ', 'SK']);
    expect(shopByCode('CZ')?.freeShipping).toEqual({ from: 999, withCardFrom: 499 });
    expect(shopByCode('SK')?.freeShipping).toEqual({ from: 40, withCardFrom: 20 });
    expect(shopByCode('PL')?.freeShipping).toEqual({ from: 100 });
    expect(shopByCode('TR')?.freeShipping).toEqual({ from: 1000 });
    const period = (code: string) => shopByCode(code)?.returnPeriod;
    for (const code of ['DE', 'PL', 'CZ', 'HU', 'SK']) expect(period(code)).toEqual({ amount: 30, unit: 'day' });
    expect(period('AT')).toEqual({ amount: 14, unit: 'day' });
    expect(period('CH')).toEqual({ amount: 3, unit: 'month' });
    expect(period('CH_FR')).toEqual({ amount: 3, unit: 'month' });
    expect(period('TR')).toEqual({ amount: 90, unit: 'day' });
    expect(shops.filter((s) => s.serviceHours).map((s) => [s.code, s.serviceHours])).toEqual([
      ['TR', { opens: '09:00', closes: '19:00' }],
    ]);
  });

  test('names the company that runs each shop, not the brand', () => {
    for (const shop of shops) expect(shop.tradeName, shop.code).not.toMatch(/^Aroma$/);
    expect(Object.fromEntries(shops.map((s) => [s.code, s.tradeName]))).toMatchObject({
      DE: 'Aroma Deutschland GmbH',
      AT: 'Aroma Österreich GmbH',
      CH: 'Aroma Schweiz AG',
      CH_FR: 'Aroma Schweiz AG',
      CZ: 'Aroma Česko s.r.o.',
      HU: 'Aroma Magyarország Kft.',
      SK: 'Aroma Slovensko s.r.o.',
      TR: 'Aroma Mağazacılık A.Ş.',
      PL: 'Aroma Polska sp. z\u00a0o.o.',
    });
  });

  test("writes each currency as the shop's shoppers read it", () => {
    const signs = Object.fromEntries(shops.map((s) => [s.code, `${s.currencySign.position} ${s.currencySign.text}`]));
    expect(signs).toMatchObject({
      DE: 'after €',
      AT: 'after €',
      CH: 'before CHF',
      CH_FR: 'before CHF',
      CZ: 'after Kč',
      HU: 'after Ft',
      SK: 'after €',
      TR: 'after TL',
      PL: 'after zł',
    });
  });

  test('only DE, AT and CH have footer fallback content', () => {
    expect(shops.filter((s) => s.hasFooterFallback).map((s) => s.code)).toEqual(['DE', 'AT', 'CH']);
  });

  test('uses the private loyalty card path in Switzerland only', () => {
    expect(shops.filter((s) => s.loyaltyCardPath === '/registerfreeprivatecard').map((s) => s.code)).toEqual([
      'CH',
      'CH_FR',
    ]);
  });
});

describe('selectShops', () => {
  test('selects all shops for an empty selection', () => {
    expect(selectShops(undefined)).toEqual(shops);
    expect(selectShops(' ')).toEqual(shops);
  });

  test('selects the named shops by segment, case and spaces ignored', () => {
    expect(selectShops('DE, ch-fr').map((s) => s.code)).toEqual(['DE', 'CH_FR']);
  });

  test('refuses unknown names and says which', () => {
    expect(() => selectShops('de,xx')).toThrow(/Unknown shop xx/);
  });
});
