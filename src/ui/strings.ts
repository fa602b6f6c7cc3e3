import type { UiStringKey } from '../shared/i18n.ts';

/**
 * Translated strings a component shows, keyed exactly like the catalogue, so that an Astro page can pass
 * `pickStrings(locale, buttonStringKeys)` straight through. An island that composes several components can pick
 * the union of their keys once and hand the same object to each of them (extra keys do no harm).
 */
export type UiStrings<K extends UiStringKey> = Readonly<Record<K, string>>;

/**
 * Fills `{{name}}` placeholders of an already translated string with values only the browser knows (the submitted
 * address, a path just navigated to), the way the build-time i18n layer fills the others. An unknown placeholder stays
 * visible rather than vanishing.
 */
export function interpolate(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
