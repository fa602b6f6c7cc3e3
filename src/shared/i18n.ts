import i18next, { type i18n } from 'i18next';
import { localeFallbacks, uiLocales, type UiLocale } from './locales.ts';
import deDE from '../i18n/de-DE.json' with { type: 'json' };
import deAT from '../i18n/de-AT.json' with { type: 'json' };
import deCH from '../i18n/de-CH.json' with { type: 'json' };
import frCH from '../i18n/fr-CH.json' with { type: 'json' };
import csCZ from '../i18n/cs-CZ.json' with { type: 'json' };
import huHU from '../i18n/hu-HU.json' with { type: 'json' };
import skSK from '../i18n/sk-SK.json' with { type: 'json' };
import trTR from '../i18n/tr-TR.json' with { type: 'json' };
import plPL from '../i18n/pl-PL.json' with { type: 'json' };

/** A key of the strings catalogue; de-DE is the reference every other locale is checked against. */
export type UiStringKey = keyof typeof deDE;
type Catalogue = Record<UiStringKey, string>;

/**
 * Keys only languages with that convention have (docs/newsletter.md#the-mails): the greeting by title and family name
 * ("Sehr geehrte Frau Muster,"), which German uses and the other languages here do not, as their forms need the
 * name's vocative or the first name; and the greeting by both names ("Kedves Nagy Anna!", "Sayın Ayşe Yılmaz,"), which
 * Czech, Slovak and Polish leave out: they address a person in the vocative ("Dobrý den, paní Nováková" is not
 * "Eva Nováková"; Polish "Pani Ewo"), which is not implemented, and the nominative full name is wrong there. Code asks
 * `hasString` before it uses one.
 */
export const conventionKeys = [
  'newsletter.email.greetingMr',
  'newsletter.email.greetingMrs',
  'newsletter.email.greetingNamed',
] as const satisfies readonly UiStringKey[];
type ConventionKey = (typeof conventionKeys)[number];
/** A complete catalogue of a language that does not follow the conventions of `conventionKeys`. */
type LanguageCatalogue = Omit<Catalogue, ConventionKey> & Partial<Pick<Catalogue, ConventionKey>>;

/**
 * The catalogues. Complete for every locale except de-AT and de-CH, which override only what differs
 * from de-DE and fall back per key (see `localeFallbacks`). `satisfies` makes a missing key a type error.
 */
export const catalogues: Record<UiLocale, Partial<Catalogue>> = {
  'de-DE': deDE satisfies Catalogue,
  'de-AT': deAT satisfies Partial<Catalogue>,
  'de-CH': deCH satisfies Partial<Catalogue>,
  'fr-CH': frCH satisfies LanguageCatalogue,
  'cs-CZ': csCZ satisfies LanguageCatalogue,
  'hu-HU': huHU satisfies LanguageCatalogue,
  'sk-SK': skSK satisfies LanguageCatalogue,
  'tr-TR': trTR satisfies LanguageCatalogue,
  'pl-PL': plPL satisfies LanguageCatalogue,
};

let instance: i18n | undefined;

function getInstance(): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    resources: Object.fromEntries(uiLocales.map((locale) => [locale, { translation: catalogues[locale] }])),
    fallbackLng: {
      ...Object.fromEntries(Object.entries(localeFallbacks).map(([from, to]) => [from, [to]])),
      default: [],
    },
    // Keys are flat ("footer.backToTop"): dots are part of the key, not nesting.
    keySeparator: false,
    nsSeparator: false,
    // Output goes through Astro or React, which escape it; escaping here would double-escape.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Values for `{{placeholder}}`s in a string. */
export type Interpolation = Record<string, string | number>;
/** Resolves a key for one locale at build time. */
export type Translate = (key: UiStringKey, values?: Interpolation) => string;

/** A translator for one locale. Strings are resolved at build time; islands get them as props. */
export function translationsFor(locale: UiLocale): Translate {
  const t = getInstance().getFixedT(locale);
  return (key, values) => t(key, values ?? {});
}

/** Whether a locale (or the locale it falls back to) has a string for the key: for the keys of `conventionKeys`. */
export function hasString(locale: UiLocale, key: UiStringKey): boolean {
  const fallback = localeFallbacks[locale];
  return Object.hasOwn(catalogues[locale], key) || (fallback !== undefined && Object.hasOwn(catalogues[fallback], key));
}

/** Resolves a list of keys into a plain object, ready to pass to an island as props. */
export function pickStrings<K extends UiStringKey>(locale: UiLocale, keys: readonly K[]): Record<K, string> {
  const t = translationsFor(locale);
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string>;
}
