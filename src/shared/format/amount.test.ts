import { describe, expect, test } from 'vitest';
import { shopByCode } from '../../shared/countries.ts';
import { formatAmount } from './amount.ts';

const shop = (code: string) => shopByCode(code)!;

describe('formatAmount', () => {
  test("writes each shop's currency on its side, joined to the number by a no-break space", () => {
    expect(formatAmount(shop('CZ'), 999)).toBe('999\u00a0Kč');
    expect(formatAmount(shop('SK'), 40)).toBe('40\u00a0€');
    expect(formatAmount(shop('PL'), 100)).toBe('100\u00a0zł');
    expect(formatAmount(shop('TR'), 1000)).toBe('1.000\u00a0TL');
    expect(formatAmount(shop('CH'), 50)).toBe('CHF\u00a050');
    expect(formatAmount(shop('CH_FR'), 50)).toBe('CHF\u00a050');
  });

  test("groups large amounts with the locale's separator, which does not break either", () => {
    expect(formatAmount(shop('HU'), 15000)).toBe('15\u00a0000\u00a0Ft');
    expect(formatAmount(shop('DE'), 12500.5)).toBe('12.500,5\u00a0€');
  });

  test('groups four-digit amounts where the language does ("1.000 TL"), not where it waits for five ("1000 zł")', () => {
    expect(formatAmount(shop('TR'), 1000)).toBe('1.000\u00a0TL');
    expect(formatAmount(shop('DE'), 1000)).toBe('1.000\u00a0€');
    expect(formatAmount(shop('PL'), 1000)).toBe('1000\u00a0zł');
    expect(formatAmount(shop('HU'), 1000)).toBe('1000\u00a0Ft');
  });

  test('contains no breakable space in any shop', () => {
    for (const code of ['DE', 'AT', 'CH', 'CH_FR', 'CZ', 'HU', 'SK', 'TR', 'PL'])
      expect(formatAmount(shop(code), 25000)).not.toMatch(/ /);
  });
});
