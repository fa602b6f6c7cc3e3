import { describe, expect, test } from 'vitest';
import { catalogues, conventionKeys, hasString, pickStrings, translationsFor, type UiStringKey } from './i18n.ts';
import { localeFallbacks, uiLocales } from './locales.ts';
import { copyRule } from '../i18n/copyRule.ts';

const reference = catalogues['de-DE'];
const keys = Object.keys(reference) as UiStringKey[];
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
// Facts a shop's text may name beyond German's, each filled wherever the key is shown: the trade name in the PL legal
// notice (consentTexts), the TR notice's and welcome mail's periods (subscriptionPeriods.ts), the HU voucher's months
// (welcomeMail.ts, signUpProps.ts).
const extraFilled: Partial<Record<UiStringKey, string[]>> = {
  'newsletter.legal.notice': ['tradeName', 'unconfirmedDays', 'unopenedYears'],
  'newsletter.email.footer.reason': ['unopenedYears'],
  'newsletter.email.welcome.conditions': ['months'],
  'newsletter.voucherFootnote': ['months'],
};

describe('string catalogues', () => {
  test.each(uiLocales.filter((locale) => !localeFallbacks[locale]))('%s has every key, with text', (locale) => {
    const catalogue = catalogues[locale];
    const missing = keys.filter(
      (key) => !catalogue[key]?.trim() && !(conventionKeys as readonly string[]).includes(key),
    );
    expect(missing, `missing in ${locale}`).toEqual([]);
  });

  test("the greeting by title and family name is German only: the other languages' forms need a vocative or the first name", () => {
    const withTitledGreeting = uiLocales.filter((locale) => conventionKeys.every((key) => hasString(locale, key)));
    expect(withTitledGreeting).toContain('de-DE');
    expect(withTitledGreeting).toEqual(uiLocales.filter((locale) => locale.startsWith('de-')));
  });

  test('the greeting by both names is left out in Czech, Slovak and Polish, which need the vocative', () => {
    expect(uiLocales.filter((locale) => !hasString(locale, 'newsletter.email.greetingNamed'))).toEqual([
      'cs-CZ',
      'sk-SK',
      'pl-PL',
    ]);
  });

  test.each(uiLocales)(
    '%s has no key that German lacks, and keeps every placeholder (adding only facts filled in for the key)',
    (locale) => {
      const catalogue = catalogues[locale];
      const unknown = Object.keys(catalogue).filter((key) => !(key in reference));
      expect(unknown, `unknown keys in ${locale}`).toEqual([]);
      for (const [key, text] of Object.entries(catalogue) as [UiStringKey, string][]) {
        const shared = (names: (string | undefined)[]) =>
          names.filter((name) => !(extraFilled[key] ?? []).includes(name ?? ''));
        expect(shared(placeholders(text)), `${locale} ${key}`).toEqual(shared(placeholders(reference[key] ?? '')));
      }
    },
  );

  test('de-AT and de-CH fall back to de-DE for keys they do not override', () => {
    const key = keys.find((k) => !(k in catalogues['de-CH']) && !(k in catalogues['de-AT']));
    expect(key).toBeDefined();
    expect(translationsFor('de-CH')(key!)).toBe(reference[key!]);
    expect(translationsFor('de-AT')(key!)).toBe(reference[key!]);
    expect(translationsFor('de-CH')('shop.country')).toBe('Schweiz');
  });

  test('de-CH writes "ss", never "ß", in every string it shows', () => {
    const t = translationsFor('de-CH');
    const withEszett = keys.filter((key) => t(key).includes('ß'));
    expect(withEszett, copyRule('de-CH writes "ss", never "ß"', 'swiss-german')).toEqual([]);
  });

  test('interpolates placeholders', () => {
    expect(translationsFor('pl-PL')('checkout.title', { country: 'Polska' })).toBe('Kasa – Aroma Polska');
  });

  test('pickStrings resolves a set of keys for an island', () => {
    expect(pickStrings('tr-TR', ['shop.country', 'chooser.enter'])).toEqual({
      'shop.country': 'Türkiye',
      'chooser.enter': 'Mağazaya git',
    });
  });
});
