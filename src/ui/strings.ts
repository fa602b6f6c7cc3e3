import type { UiStringKey } from '../shared/i18n.ts';

/**
 * Translated strings a component shows, keyed exactly like the catalogue, so that an Astro page can pass
 * `pickStrings(locale, buttonStringKeys)` straight through. An island that composes several components can pick
 * the union of their keys once and hand the same object to each of them (extra keys do no harm).
 */
export type UiStrings<K extends UiStringKey> = Readonly<Record<K, string>>;
