import * as v from 'valibot';

/**
 * The UI locales (docs/constants.md#locales). The first is the default and the base every catalogue is checked
 * against.
 */
export const uiLocales = ['de-DE', 'de-AT', 'de-CH', 'fr-CH', 'cs-CZ', 'hu-HU', 'sk-SK', 'tr-TR', 'pl-PL'] as const;

export const uiLocaleSchema = v.picklist(uiLocales);

/** One of the UI locales, e.g. `de-CH`. */
export type UiLocale = v.InferOutput<typeof uiLocaleSchema>;

/**
 * Locales that fall back key by key to another locale: Austrian and Swiss German only override
 * the words that differ from German German (e.g. "ss" for "ß" in de-CH).
 */
export const localeFallbacks: Partial<Record<UiLocale, UiLocale>> = {
  'de-AT': 'de-DE',
  'de-CH': 'de-DE',
};
