import { describe, expect, test } from 'vitest';
import { shops } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { uiLocales, type UiLocale } from '../../src/shared/locales.ts';
import { NAME_MAX_LENGTH } from '../../src/shared/newsletter/subscriberSchema.ts';
import { DOI_TOKEN_LIFETIME_MS } from './doiToken.ts';

// A number filled into a text must agree with the noun after it: Polish says "40 znaków" but "32 znaki", Czech
// "14 dní" but "3 dny". The catalogues write each noun for today's number; these tests fail when a constant or a
// shop's minimum age changes to a number that needs another form, naming the text to reword (docs/architecture.md).

type Noun = 'character' | 'day' | 'year';
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const german = {
  character: { other: 'Zeichen' },
  day: { one: 'Tag', other: 'Tage' },
  year: { one: 'Jahr', other: 'Jahre' },
};

/** The noun's form after a number, per plural category of each language (CLDR's categories, as Intl names them). */
const nounForms: Record<UiLocale, Record<Noun, Forms> | undefined> = {
  'de-DE': german,
  'de-AT': german,
  'de-CH': german,
  'fr-CH': {
    character: { one: 'caractère', other: 'caractères' },
    day: { one: 'jour', other: 'jours' },
    year: { one: 'an', other: 'ans' },
  },
  'cs-CZ': {
    character: { one: 'znak', few: 'znaky', other: 'znaků' },
    day: { one: 'den', few: 'dny', other: 'dní' },
    year: { one: 'rok', few: 'roky', other: 'let' },
  },
  'sk-SK': {
    character: { one: 'znak', few: 'znaky', other: 'znakov' },
    day: { one: 'deň', few: 'dni', other: 'dní' },
    year: { one: 'rok', few: 'roky', other: 'rokov' },
  },
  'pl-PL': {
    character: { one: 'znak', few: 'znaki', many: 'znaków', other: 'znaku' },
    day: { one: 'dzień', other: 'dni' },
    year: { one: 'rok', few: 'lata', many: 'lat', other: 'roku' },
  },
  // Hungarian keeps the noun in the singular after every number and writes the age as an ordinal: nothing to agree.
  'hu-HU': undefined,
  // Turkish keeps the noun in the singular after every number.
  'tr-TR': { character: { other: 'karakter' }, day: { other: 'gün' }, year: { other: 'yaşında' } },
};

/** The texts that count something, the number each is filled with, and the noun that follows it. */
const countingTexts = [
  { key: 'newsletter.error.nameTooLong', placeholder: 'max', noun: 'character', values: [NAME_MAX_LENGTH] },
  {
    key: 'newsletter.email.confirm.expiry',
    placeholder: 'days',
    noun: 'day',
    values: [DOI_TOKEN_LIFETIME_MS / (24 * 60 * 60 * 1000)],
  },
  {
    key: 'newsletter.email.confirm.age',
    placeholder: 'age',
    noun: 'year',
    values: shops.map((shop) => shop.newsletter.minimumAge),
  },
  {
    key: 'newsletter.legal.notice',
    placeholder: 'age',
    noun: 'year',
    values: shops.map((shop) => shop.newsletter.minimumAge),
  },
] as const;

/** The word the text puts after the number. */
function wordAfter(text: string, number: number): string | undefined {
  return new RegExp(`\\b${number}[ \u00a0](\\p{L}+)`, 'u').exec(text)?.[1];
}

describe('counted nouns', () => {
  const locales = uiLocales.filter((locale) => nounForms[locale] !== undefined);
  test.each(
    locales.flatMap((locale) =>
      countingTexts.flatMap((text) =>
        [...new Set(text.values)].map((value) => [locale, text.key, value, text] as const),
      ),
    ),
  )('%s %s with %i uses the form of that number', (locale, key, value, text) => {
    const forms = nounForms[locale]!;
    const category = new Intl.PluralRules(locale).select(value);
    const expected = forms[text.noun][category] ?? forms[text.noun].other;
    const shown = translationsFor(locale)(key, { [text.placeholder]: value, tradeName: 'Aroma' });
    expect(
      wordAfter(shown, value),
      `${locale} ${key}: "${shown}" needs "${expected}" after ${value} (plural category ${category})`,
    ).toBe(expected);
  });

  test('the check tells the forms apart: Polish 32 characters is "znaki", not the catalogue\'s "znaków"', () => {
    expect(new Intl.PluralRules('pl-PL').select(32)).toBe('few');
    expect(nounForms['pl-PL']!.character.few).toBe('znaki');
    expect(wordAfter(translationsFor('pl-PL')('newsletter.error.nameTooLong', { max: 32 }), 32)).toBe('znaków');
  });
});
