import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { shopBySegment } from '../../shared/countries.ts';
import { translationsFor } from '../../shared/i18n.ts';
import { legalLinkSchema } from '../../shared/footer/footerSchema.ts';
import { minimalFooter } from './minimalFooter.ts';

describe('the minimal footer', () => {
  test("has the shop's legal links from the country table, under its segment, in its language, with the consent link", () => {
    const pl = shopBySegment('pl')!;
    const { legalLinks, salesTax } = minimalFooter(pl, translationsFor(pl.locale));
    expect(legalLinks).toEqual([
      { url: '/pl/privacy', text: 'Polityka prywatności', kind: 'privacy' },
      { url: '/pl/regulamin', text: 'Regulamin', kind: 'terms' },
      { url: '/pl/contact', text: 'Kontakt', kind: 'other' },
      { url: '/pl/privacy', text: 'Ustawienia plików cookie', kind: 'consentManagement' },
    ]);
    expect(salesTax.textBeforeLink).toBe('Wszystkie ceny zawierają VAT, nie zawierają kosztów dostawy.');
    for (const link of legalLinks) expect(v.is(legalLinkSchema, link)).toBe(true);
  });

  test('a shop without general terms in the table gets no terms link; Swiss German writes ss', () => {
    const ch = shopBySegment('ch')!;
    const { legalLinks, salesTax } = minimalFooter(ch, translationsFor(ch.locale));
    expect(legalLinks.map((link) => link.kind)).toEqual(['privacy', 'other', 'consentManagement']);
    expect(salesTax.textBeforeLink).toBe('Alle Preise inkl. MWST, zzgl. Versandkosten.');
  });
});
