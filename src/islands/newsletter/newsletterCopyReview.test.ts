import { describe, expect, test } from 'vitest';
import { shopByCode } from '../../shared/countries.ts';
import { catalogues } from '../../shared/i18n.ts';
import { uiLocales, type UiLocale } from '../../shared/locales.ts';
import { consentTexts } from '../../shared/newsletter/consentTexts.ts';
import { signUpProps } from './signUpProps.ts';
import { signUpStringKeys } from './signUpStrings.ts';
import { shopTexts, shown } from '../../i18n/shownTexts.ts';

// The newsletter review by fluent readers and lawyers (issue 31): what the sign-up, the pages and the mails must say.
// The mails themselves are checked in server/newsletter/mails/mails.test.ts.

const NBSP = '\u00a0';

describe('the legal notice names no brand and repeats no consent', () => {
  test('TR: the notice refers to the commercial message consent given in its own checkbox, with the deadlines from the table', () => {
    const notice = consentTexts(shopByCode('TR')!)['newsletter.legal.notice'];
    expect(notice).toMatch(
      /^Abone olduğumda, verdiğim ticari elektronik ileti onayı kapsamında bana teklifler, kampanyalar ve yenilikler hakkında düzenli olarak e-posta gönderileceğini biliyorum\./u,
    );
    expect(notice).not.toMatch(/Aroma|kabul ediyorum/u);
    expect(notice).toContain('En az 16 yaşında olduğumu onaylıyorum.');
    expect(notice).toContain(
      'Aboneliğimi 14 gün içinde onaylamazsam kaydımın silineceğini, e-bültenleri 2 yıl boyunca açmazsam',
    );
    expect(notice).toContain('dilediğim zaman ileriye dönük olarak geri alabilirim');
  });

  test('TR: the catalogue writes neither deadline by hand', () => {
    expect(shown('tr-TR')['newsletter.legal.notice']).not.toMatch(/\d/u);
  });

  test('PL: the commercial information comes from the seller, named by the trade name, which needs no declension', () => {
    const shop = shopByCode('PL')!;
    expect(shown('pl-PL')['newsletter.legal.notice']).toContain(
      'od sprzedawcy {{tradeName}} informacji handlowych drogą elektroniczną',
    );
    expect(consentTexts(shop)['newsletter.legal.notice']).toContain(`od sprzedawcy ${shop.tradeName} informacji`);
    expect(shown('pl-PL')['newsletter.legal.notice']).not.toContain('Aroma');
  });
});

describe('Turkish withdrawal', () => {
  // Issue 43, grammar 1: "varsa … verdiğiniz açık rızayı", not the comma-bound "ve, verdiyseniz, … rızanızı".
  test.each(['unsubscribedText', 'unsubscribeText'] as const)(
    '%s withdraws the explicit consent only where it was given',
    (key) => {
      expect(shown('tr-TR')[`newsletter.preferences.${key}`]).toMatch(
        /[Tt]icari elektronik ileti onayınızı ve varsa profilleme için verdiğiniz açık rızayı/u,
      );
    },
  );
});

describe('Hungarian', () => {
  const hu = shown('hu-HU');

  test('puts no article before the percentage (a or az depends on how the number is read)', () => {
    expect(
      Object.entries(hu).filter(([, text]) => /\{\{percent\}\}%-os|(^|\s)az? \{\{percent\}\}/u.test(text)),
    ).toEqual([]);
    expect(hu['newsletter.email.welcome.subject']).toBe(
      'Üdvözöljük az Aroma hírlevelében – itt a kuponja: {{percent}}% kedvezmény',
    );
    expect(hu['newsletter.email.confirm.next']).toContain('az üdvözlő kuponját');
  });

  test('greets the reader, not the shopper', () => {
    expect(hu['newsletter.email.greeting']).toBe('Kedves Olvasónk!');
  });

  test('the footnote takes the validity from the country table', () => {
    expect(hu['newsletter.voucherFootnote']).toContain(`{{months}}${NBSP}hónapig`);
    expect(signUpProps(shopByCode('HU')!).strings['newsletter.voucherFootnote']).toContain(`1${NBSP}hónapig érvényes`);
  });
});

describe('German', () => {
  test.each(['de-DE', 'de-AT', 'de-CH'] as const)('%s says "zuerst", not "als Erstes"', (locale) => {
    for (const key of ['newsletter.confirm.successText', 'newsletter.email.welcome.intro'] as const) {
      expect(shown(locale)[key], key).toContain('Ab sofort erfahren Sie zuerst von');
    }
  });

  test('de-CH calls the privacy statement "Datenschutzerklärung"', () => {
    const ch = shown('de-CH');
    expect(ch['newsletter.link.privacy']).toBe('Datenschutzerklärung');
    expect(ch['newsletter.privacyHint']).toContain('in unserer Datenschutzerklärung');
    expect(shopTexts('de-CH', 'ch').filter((text) => /Datenschutzhinweis/u.test(text))).toEqual([]);
  });

  test('de-CH never writes "ß"', () => {
    expect(shopTexts('de-CH', 'ch').filter((text) => text.includes('ß'))).toEqual([]);
  });
});

describe('Czech and Slovak', () => {
  test('speak of new collections and offers, not of "theme worlds"', () => {
    expect(shown('cs-CZ')['newsletter.confirm.successText']).toContain(
      `o${NBSP}našich nových kolekcích a${NBSP}nabídkách`,
    );
    expect(shown('sk-SK')['newsletter.confirm.successText']).toContain(
      `o${NBSP}našich nových kolekciách a${NBSP}ponukách`,
    );
    for (const [locale, segment] of [
      ['cs-CZ', 'cz'],
      ['sk-SK', 'sk'],
    ] as const) {
      expect(shopTexts(locale, segment).filter((text) => /tematick/iu.test(text))).toEqual([]);
    }
  });
});

describe('Swiss French', () => {
  test('the voucher is a "bon de réduction", never a "bon d’achat"', () => {
    expect(shown('fr-CH')['newsletter.link.voucherConditions']).toBe('Conditions du bon de réduction');
    expect(shopTexts('fr-CH', 'ch-fr').filter((text) => /bon d['’]achat/iu.test(text))).toEqual([]);
  });
});

describe('Polish', () => {
  test('calls the voucher "kupon" throughout, the code label too', () => {
    expect(shown('pl-PL')['newsletter.email.welcome.codeLabel']).toBe('Kod Twojego kuponu');
    expect(shopTexts('pl-PL', 'pl').filter((text) => /\b(bon|bonu|voucher|talon)\w*/iu.test(text))).toEqual([]);
  });
});

describe('the progress text while unsubscribing', () => {
  const unsubscribing: Partial<Record<UiLocale, string>> = {
    'de-DE': `Sie werden abgemeldet${NBSP}…`,
    'de-AT': `Sie werden abgemeldet${NBSP}…`,
    'de-CH': `Sie werden abgemeldet${NBSP}…`,
    'fr-CH': 'Désinscription en cours…',
    'cs-CZ': 'Odhlašujeme vás…',
    'sk-SK': 'Odhlasujeme vás…',
    'hu-HU': 'Leiratkozás folyamatban…',
    'pl-PL': 'Wypisujemy Cię…',
    'tr-TR': 'Aboneliğiniz sonlandırılıyor…',
  };
  test.each(Object.keys(unsubscribing) as UiLocale[])('%s says what is happening', (locale) => {
    expect(shown(locale)['newsletter.preferences.unsubscribing']).toBe(unsubscribing[locale]);
  });
});

describe('the sign-up on the journey pages', () => {
  // The confirmation and preferences pages offer the sign-up again: its strings follow the journey's typesetting.
  const oneLetterWords: Partial<Record<UiLocale, RegExp>> = {
    'cs-CZ': /(^|[\s(„])[ksvzouaiKSVZOUAI] /u,
    'sk-SK': /(^|[\s(„])[ksvzouaiKSVZOUAI] /u,
    'pl-PL': /(^|[\s(„])[aiouwzAIOUWZ] /u,
  };
  test.each(Object.keys(oneLetterWords) as UiLocale[])('%s: no one-letter word ends a line', (locale) => {
    const texts = shown(locale);
    expect(
      signUpStringKeys.filter((key) => oneLetterWords[locale]!.test(texts[key])).map((key) => `${key}: ${texts[key]}`),
    ).toEqual([]);
  });
});

describe("the confirmation mail's preheader", () => {
  test.each(uiLocales)('%s keeps no voucher preheader: the double opt-in mail advertises nothing', (locale) => {
    expect(Object.hasOwn(catalogues[locale], 'newsletter.email.confirm.preheader')).toBe(false);
  });
});
