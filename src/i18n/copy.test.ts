import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { shops } from '../shared/countries.ts';
import { catalogues, translationsFor, type UiStringKey } from '../shared/i18n.ts';
import { uiLocales, type UiLocale } from '../shared/locales.ts';

// Copy rules a fluent reader of each language notices (issue 13, "Copy"). They cover the string catalogues and the
// footer content the local CMS serves (server/seed/footer) plus the build's fallback copies (src/content/footer).

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const keys = Object.keys(catalogues['de-DE']) as UiStringKey[];

/** Every string a shopper of the locale sees, with de-AT/de-CH resolved through their fallback. */
function shown(locale: UiLocale): Record<UiStringKey, string> {
  const t = translationsFor(locale);
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<UiStringKey, string>;
}

interface LegalLink { url: string; text: string; kind: string }
interface FooterFile { legalLinks: LegalLink[] }
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
const seedDir = path.resolve(import.meta.dirname, '../../server/seed/footer');
const fallbackDir = path.resolve(import.meta.dirname, '../content/footer');
const seeds = Object.fromEntries(shops.map((shop) => [shop.segment, readJson(path.join(seedDir, `${shop.segment}.json`))]));
const fallbacks = Object.fromEntries(fs.readdirSync(fallbackDir).map((file) => [file.replace(/\.json$/, ''), readJson(path.join(fallbackDir, file))]));
/** The seed and, where one exists, the fallback of a shop: the same rules hold for both. */
const footerFiles = (segment: string): [string, unknown][] =>
  [[`seed ${segment}`, seeds[segment]], ...(fallbacks[segment] ? [[`fallback ${segment}`, fallbacks[segment]] as [string, unknown]] : [])];

/** The texts of footer content: every string except link targets and machine names. */
function footerTexts(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return ['url', 'link', 'source', 'iconName', 'kind'].includes(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => footerTexts(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => footerTexts(v, k));
  return [];
}
const legalLink = (content: unknown, kind: string) => (content as FooterFile).legalLinks.find((link) => link.kind === kind);

/** Every text shown in a shop: its catalogue and its footer content. */
function shopTexts(locale: UiLocale, segment: string): string[] {
  return [...Object.values(shown(locale)), ...footerFiles(segment).flatMap(([, content]) => footerTexts(content))];
}

describe('amounts', () => {
  // A number and its unit must not be split over two lines: "999 Kč", "40 €", "CHF 50", "{{percent}} %".
  const unitAfter = /(\d|\}\}) (%|€|Kč|zł|TL|Ft|CHF|Fr\.)/u;
  const unitBefore = /(CHF|€) (\d|\{\{)/u;
  const digitGroups = /\d \d{3}\b/u;

  test.each(shops.map((shop) => [shop.segment, shop.locale] as const))('%s keeps every amount on one line', (segment, locale) => {
    const split = shopTexts(locale, segment).filter((text) => unitAfter.test(text) || unitBefore.test(text) || digitGroups.test(text));
    expect(split).toEqual([]);
  });

  test('the templates put a no-break space between the percentage and its sign', () => {
    expect(shown('de-DE')['newsletter.heading']).toContain(`{{percent}}${NBSP}%`);
    expect(shown('cs-CZ')['newsletter.voucherFootnote']).toContain(`{{percent}}${NBSP}%`);
  });
});

describe('voucher footnote', () => {
  // The footnote is followed by the voucher-conditions link; the sentence must not name the conditions as well.
  const conditionsWord: Record<UiLocale, RegExp> = {
    'de-DE': /gutscheinbedingungen/i, 'de-AT': /gutscheinbedingungen/i, 'de-CH': /gutscheinbedingungen/i,
    'fr-CH': /conditions/i, 'cs-CZ': /podmín/i, 'hu-HU': /feltétel/i, 'sk-SK': /podmien/i, 'tr-TR': /koşul/i, 'pl-PL': /warunk/i,
  };
  test.each(uiLocales)('%s leaves the conditions to the link', (locale) => {
    const t = translationsFor(locale);
    expect(t('newsletter.link.voucherConditions')).toMatch(conditionsWord[locale]);
    expect(t('newsletter.voucherFootnote')).not.toMatch(conditionsWord[locale]);
  });
});

describe('Turkish', () => {
  const tr = shown('tr-TR');

  test('the commercial message consent names the channel and the sender, İYS and free withdrawal', () => {
    const consent = tr['newsletter.consent.commercial'];
    expect(consent).toContain('e-posta');
    expect(consent).toContain('Aroma');
    expect(consent).toContain('İleti Yönetim Sistemi');
    expect(consent).toContain('İYS');
    expect(consent).toMatch(/ücretsiz.*geri al/u);
  });

  test('the legal notice speaks in the first person throughout', () => {
    const notice = tr['newsletter.legal.notice'];
    expect(notice).not.toMatch(/durdururuz|açmazsanız|size /u);
    expect(notice).toContain('biliyorum');
  });

  test('the DNE consent is an "açık rıza" that refers to the Aydınlatma Metni', () => {
    expect(tr['newsletter.consent.dne']).toContain('açık rıza');
    expect(tr['newsletter.consent.dne']).toContain('Aydınlatma Metni');
  });

  test('the sales terms are not called terms of use', () => {
    expect(tr['footer.minimal.terms']).toBe('Satış koşulları');
    expect(legalLink(seeds.tr, 'terms')).toEqual({ url: '/satis-kosullari', text: 'Satış koşulları', kind: 'terms' });
    expect(shopTexts('tr-TR', 'tr').filter((text) => /kullanım koşulları/iu.test(text))).toEqual([]);
  });
});

describe('Polish', () => {
  const pl = shown('pl-PL');

  test('addresses the reader in the singular', () => {
    expect(pl['newsletter.intro']).not.toContain('pierwsi');
    expect(pl['newsletter.confirm.successText']).not.toContain('pierwsi');
  });

  test('the legal notice consents to commercial information by electronic means', () => {
    expect(pl['newsletter.legal.notice']).toContain('informacji handlowych drogą elektroniczną');
  });

  test('the privacy hint names the data controller', () => {
    expect(pl['newsletter.privacyHint']).toMatch(/Administratorem Twoich danych osobowych jest Aroma/u);
  });

  test('the phone field names the country code in full', () => {
    expect(pl['ui.phone.national']).toBe('Numer telefonu bez numeru kierunkowego kraju');
  });
});

describe('German', () => {
  test('DE labels the cancellation button as §312k BGB requires', () => {
    for (const [name, content] of footerFiles('de')) {
      expect(legalLink(content, 'subscriptionCancellation')?.text, name).toBe('Verträge hier kündigen');
    }
  });

  test('AT says "Rücktrittsrecht", never "Widerrufsrecht"', () => {
    for (const [name, content] of footerFiles('at')) {
      expect(legalLink(content, 'withdrawal'), name).toEqual({ url: '/ruecktrittsrecht', text: 'Rücktrittsrecht', kind: 'withdrawal' });
    }
    expect(shopTexts('de-AT', 'at').filter((text) => /widerrufsrecht/iu.test(text))).toEqual([]);
  });

  test('the fallback footers are the content the CMS serves', () => {
    for (const [segment, fallback] of Object.entries(fallbacks)) expect(fallback, segment).toEqual(seeds[segment]);
  });
});

describe('Hungarian', () => {
  const hu = shown('hu-HU');

  test('states the age as "betöltöttem a {{age}}. életévemet"', () => {
    expect(hu['newsletter.legal.notice']).toContain('betöltöttem a {{age}}. életévemet');
  });

  test('uses one word for the female salutation: "Hölgy"', () => {
    expect(hu['newsletter.salutation.MRS']).toBe('Hölgy');
    expect(hu['ui.gallery.sample.mrs']).toBe('Hölgy');
    expect(shopTexts('hu-HU', 'hu').filter((text) => /asszony/iu.test(text))).toEqual([]);
  });
});

describe('Swiss French', () => {
  const texts = shopTexts('fr-CH', 'ch-fr');

  test('writes no gender dot ("inscrit·e")', () => {
    expect(texts.filter((text) => text.includes('·'))).toEqual([]);
  });

  test('calls household goods "Articles ménagers"', () => {
    expect(shown('fr-CH')['header.nav.household']).toBe('Articles ménagers');
  });

  test('puts a narrow no-break space before ! ? ; and a no-break space before :', () => {
    const wrong = texts.flatMap((text) => [...text.matchAll(/(.)([!?;:])/gu)]
      .filter((match) => match[1] !== (match[2] === ':' ? NBSP : NNBSP))
      .map((match) => `${match[0]} in "${text}"`));
    expect(wrong).toEqual([]);
  });

  test('the checkout intro is written in French, not translated from "zahlungspflichtig bestellen"', () => {
    expect(shown('fr-CH')['checkout.intro']).not.toMatch(/obligation de paiement/u);
  });
});

describe('Czech and Slovak', () => {
  test('the cookie consent intro does not offer offers', () => {
    expect(shown('cs-CZ')['footer.consent.intro'].match(/nabí[dz]/gu) ?? []).toHaveLength(1);
    expect(shown('sk-SK')['footer.consent.intro'].match(/pon[uú]k/gu) ?? []).toHaveLength(1);
  });

  test('Slovak says "zadarmo", never the Czech "zdarma"', () => {
    expect(shopTexts('sk-SK', 'sk').filter((text) => /zdarma/iu.test(text))).toEqual([]);
    expect(shopTexts('sk-SK', 'sk').some((text) => text.includes('zadarmo'))).toBe(true);
  });
});
