import { describe, expect, test } from 'vitest';
import { footerFiles } from '../../i18n/shownTexts.ts';
import { shopBySegment, shops, type Shop } from '../countries.ts';
import { fillShopFacts, formatReturnPeriod, shopFactValues } from './shopFacts.ts';
import { footerFactProblems, statedAmounts, statedHours, statedPeriods } from './footerFactProblems.ts';
import { parseShopFooter } from './parseShopFooter.ts';
import { shopFooterReport } from './shopFooterReport.ts';

const shop = (segment: string): Shop => shopBySegment(segment)!;
/** The shop with other facts, as a maintainer would write them into the country table. */
const changed = (segment: string, facts: Partial<Shop>): Shop => ({ ...shop(segment), ...facts });

describe('shop facts in footer texts (docs/footer.md#shop-facts)', () => {
  test.each(shops.map((s) => [s.segment, s] as const))(
    'every footer version of %s states the facts of the country table',
    (_segment, each) => {
      const files = footerFiles(each.segment);
      expect(files.length).toBeGreaterThan(0);
      for (const [name, raw] of files)
        expect({ name, ...shopFooterReport(raw, each) }).toEqual({ name, problems: [], warnings: [] });
    },
  );

  test.each(shops.map((s) => [s.segment, s] as const))(
    "the %s footer shows the table's return period, threshold and hours",
    (_segment, each) => {
      const parsed = parseShopFooter(footerFiles(each.segment)[0]![1], each);
      const text = JSON.stringify(parsed.ok && parsed.content);
      for (const value of Object.values(shopFactValues(each))) expect(text).toContain(value);
      expect(text).not.toContain('{{');
    },
  );

  test('the facts are written as the shop language writes them', () => {
    expect(shopFactValues(shop('sk'))).toEqual({
      returnPeriod: '30 dní',
      freeShippingFrom: '40\u00a0€',
      freeShippingWithCardFrom: '20\u00a0€',
    });
    expect(shopFactValues(shop('tr'))).toEqual({
      returnPeriod: '90 gün',
      freeShippingFrom: '1.000\u00a0TL',
      serviceHours: '09:00–19:00',
    });
    expect(formatReturnPeriod(shop('ch-fr'))).toBe('3\u00a0mois');
    expect(formatReturnPeriod(shop('at'))).toBe('14 Tage');
  });

  test('a threshold changed in the table shows in the footer without touching the content (SK 40 € -> 45 €)', () => {
    const sk = changed('sk', { freeShipping: { from: 45, withCardFrom: 20 } });
    const [, raw] = footerFiles('sk')[0]!;
    const parsed = parseShopFooter(raw, sk);
    expect(JSON.stringify(parsed.ok && parsed.content)).toContain('Doprava zadarmo od 45\u00a0€');
    expect(shopFooterReport(raw, sk)).toEqual({ problems: [], warnings: [] });
  });

  test('content that writes a threshold out is checked against the table, with its JSON path', () => {
    const sk = changed('sk', { freeShipping: { from: 45, withCardFrom: 20 } });
    const raw = structuredClone(footerFiles('sk')[0]![1]) as { teaserGroups: { introductoryText: string }[] };
    raw.teaserGroups[1]!.introductoryText = 'Doprava zadarmo od 40\u00a0€, so zákazníckou kartou už od 20 €.';
    expect(shopFooterReport(raw, sk).warnings).toEqual([
      {
        path: '$.teaserGroups[1].introductoryText',
        message:
          'says 40\u00a0€; the country table says free shipping from 45\u00a0€, with the card from 20\u00a0€ (write {{freeShippingFrom}})',
      },
      {
        path: '$.teaserGroups[1]',
        message:
          'does not state the free shipping from 45\u00a0€, with the card from 20\u00a0€ (write {{freeShippingFrom}})',
      },
    ]);
  });

  test('a return period or service hours written otherwise than the table are reported', () => {
    const tr = shop('tr');
    const raw = structuredClone(footerFiles('tr')[0]![1]) as { teaserGroups: { introductoryText: string }[] };
    raw.teaserGroups[3]!.introductoryText = 'Ürünlerinizi 30 gün içinde ücretsiz iade edebilirsiniz.';
    raw.teaserGroups[4]!.introductoryText = 'Müşteri hizmetlerimiz her gün 09:00–18:00 arasında yanınızda.';
    expect(shopFooterReport(raw, tr).warnings.map((warning) => warning.path)).toEqual([
      '$.teaserGroups[3].introductoryText',
      '$.teaserGroups[3]',
      '$.teaserGroups[4].introductoryText',
      '$.teaserGroups[4]',
    ]);
  });

  test('an unknown placeholder, or a fact the shop does not have, keeps the content from being shown', () => {
    expect(fillShopFacts('ab {{freeShippingFrom}}', shop('de'))).toEqual({
      ok: false,
      message: '{{freeShippingFrom}}: the country table has no free-shipping threshold for DE',
    });
    expect(fillShopFacts('{{toString}}', shop('de'))).toMatchObject({
      ok: false,
      message: expect.stringContaining('unknown placeholder {{toString}}'),
    });
    expect(fillShopFacts('{{returnPeriod}', shop('de'))).toMatchObject({
      ok: false,
      message: 'has an unmatched {{ or }}',
    });
    const raw = structuredClone(footerFiles('de')[0]![1]) as { teaserGroups: { introductoryText: string }[] };
    raw.teaserGroups[1]!.introductoryText = 'Ab {{freeShippingFrom}} versandkostenfrei.';
    expect(shopFooterReport(raw, shop('de')).problems).toEqual([
      {
        path: '$.teaserGroups[1].introductoryText',
        message: '{{freeShippingFrom}}: the country table has no free-shipping threshold for DE',
      },
    ]);
  });

  test('amounts, periods and hours are read as the shop language writes them', () => {
    expect(statedAmounts(shop('tr'), '1.000\u00a0TL ve üzeri, 50 TL')).toEqual([1000, 50]);
    expect(statedAmounts(shop('ch'), 'ab CHF 49.90 oder CHF\u00a01’000')).toEqual([49.9, 1000]);
    expect(statedAmounts(shop('hu'), '15 000 Ft felett')).toEqual([15000]);
    expect(statedPeriods(shop('hu'), '30 napos visszaküldési jog')).toEqual([{ amount: 30, unit: 'day' }]);
    expect(statedPeriods(shop('cz'), 'máte 30 dní, nebo 2 měsíce')).toEqual([
      { amount: 30, unit: 'day' },
      { amount: 2, unit: 'month' },
    ]);
    expect(statedPeriods(shop('de'), 'bis zum 15. Januar, 2–4 Werktage')).toEqual([]);
    expect(statedHours('her gün 9.00 - 19:00 arasında')).toEqual(['09:00–19:00']);
  });

  test('the facts check looks at the delivery, returns and contact groups only', () => {
    const de = shop('de');
    const parsed = parseShopFooter(footerFiles('de')[0]![1], de);
    if (!parsed.ok) throw new Error('seed does not parse');
    parsed.content.teaserGroups[6]!.introductoryText = 'Geschenkkarten ab 5 €, 30 Tage … 90 Tage';
    expect(footerFactProblems(parsed.content, de)).toEqual([]);
  });
});
