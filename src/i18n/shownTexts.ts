import fs from 'node:fs';
import path from 'node:path';
import { catalogues, translationsFor, type UiStringKey } from '../shared/i18n.ts';
import type { UiLocale } from '../shared/locales.ts';
import { shopBySegment, type Shop } from '../shared/countries.ts';
import { fillShopFacts } from '../shared/footer/shopFacts.ts';

// What shoppers read, gathered for the copy tests (copy.test.ts, retiredWording.test.ts): the string catalogues and
// every footer content version the local CMS serves (server/seed/*: the base content, the Christmas campaign, the A/B
// variant) plus the build's fallback copies (src/content/footer).

const keys = Object.keys(catalogues['de-DE']) as UiStringKey[];

/** Every string of the locale's catalogue as shown, de-AT/de-CH resolved through their fallback, placeholders unfilled. */
export function shown(locale: UiLocale): Record<UiStringKey, string> {
  const t = translationsFor(locale);
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<UiStringKey, string>;
}

interface LegalLink {
  url: string;
  text: string;
  kind: string;
}
interface FooterFile {
  legalLinks: LegalLink[];
}
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
/** `{segment}.json` files of a folder, by segment. */
const readFolder = (dir: string): Record<string, unknown> =>
  Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file.replace(/\.json$/, ''), readJson(path.join(dir, file))]),
  );
const seedRoot = path.resolve(import.meta.dirname, '../../server/seed');
/** The CMS seed folders (`footer`, `footer-christmas`, `footer-teaser-order-b`), each by segment. */
export const seedSets: Record<string, Record<string, unknown>> = Object.fromEntries(
  fs.readdirSync(seedRoot).map((name) => [name, readFolder(path.join(seedRoot, name))]),
);
/** The base footer content of every shop, by segment. */
export const seeds = seedSets.footer!;
/** The build's fallback footers (DE, AT, CH), by segment. */
export const fallbacks = readFolder(path.resolve(import.meta.dirname, '../content/footer'));

/** Every footer version of a shop (base seed, campaigns, A/B variants) and its fallback, named: the same rules hold for all. */
export const footerFiles = (segment: string): [string, unknown][] => [
  ...Object.entries(seedSets).flatMap(([set, bySegment]) =>
    bySegment[segment] ? [[`seed ${set}/${segment}`, bySegment[segment]] as [string, unknown]] : [],
  ),
  ...(fallbacks[segment] ? [[`fallback ${segment}`, fallbacks[segment]] as [string, unknown]] : []),
];

/** The texts of footer content: every string except link targets and machine names. */
function footerTexts(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return ['url', 'link', 'source', 'iconName', 'kind'].includes(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => footerTexts(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => footerTexts(v, k));
  return [];
}

/** The legal link of a kind (`terms`, `withdrawal`, …) in footer content. */
export const legalLink = (content: unknown, kind: string) =>
  (content as FooterFile).legalLinks.find((link) => link.kind === kind);

/** Every text shown in a shop: its catalogue and all its footer content, with the shop's facts filled in. */
export function shopTexts(locale: UiLocale, segment: string): string[] {
  const shop = shopBySegment(segment);
  const filled = (text: string) => {
    const result = shop ? fillShopFacts(text, shop) : undefined;
    return result?.ok ? result.text : text;
  };
  return [
    ...Object.values(shown(locale)),
    ...footerFiles(segment).flatMap(([, content]) => footerTexts(content).map(filled)),
  ];
}

/**
 * The imprint lines every mail ends with (docs/newsletter.md#the-mails): the shop's trade name, and each part of its
 * imprint in the country table, the pages by the words that introduce them.
 */
export function imprintLines(shop: Pick<Shop, 'tradeName' | 'imprint'>): string[] {
  return [shop.tradeName, ...Object.values(shop.imprint).map((part) => (typeof part === 'string' ? part : part.label))];
}
