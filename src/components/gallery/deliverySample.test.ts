import { describe, expect, test } from 'vitest';
import { shops } from '../../shared/countries.ts';
import { formatAmount } from '../../shared/format/amount.ts';
import { translationsFor } from '../../shared/i18n.ts';
import { deliverySample } from './deliverySample.ts';

describe("the gallery's delivery sample", () => {
  test.each(shops.filter((shop) => shop.freeShipping).map((shop) => [shop.code, shop] as const))(
    '%s names the free-shipping threshold of the country table',
    (_code, shop) => {
      const text = deliverySample(shop, translationsFor(shop.locale));
      expect(text).toContain(formatAmount(shop, shop.freeShipping!.from));
      expect(text).not.toContain('{{');
    },
  );

  test('reads as the shop writes it', () => {
    const cz = shops.find((shop) => shop.code === 'CZ')!;
    const tr = shops.find((shop) => shop.code === 'TR')!;
    expect(deliverySample(cz, translationsFor('cs-CZ'))).toBe('Doprava zdarma při nákupu od 999\u00a0Kč.');
    expect(deliverySample(tr, translationsFor('tr-TR'))).toBe('1.000\u00a0TL ve üzeri siparişlerde kargo ücretsiz.');
  });

  test.each(shops.filter((shop) => !shop.freeShipping).map((shop) => [shop.code, shop] as const))(
    '%s advertises no threshold, so the sample names no amount',
    (_code, shop) => {
      expect(deliverySample(shop, translationsFor(shop.locale))).not.toMatch(/\d+\s*(€|CHF|Ft|Fr\.)|(CHF|€)\s*\d/u);
    },
  );
});
