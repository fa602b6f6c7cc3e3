// The per-shop tables of docs/: the country table (src/shared/countries.ts) written out, one row per shop.
import { shops } from '../../../src/shared/countries.ts';
import { formatAmount } from '../../../src/shared/format/amount.ts';
import { formatReturnPeriod, formatServiceHours } from '../../../src/shared/footer/shopFacts.ts';
import { linkKeys } from '../../../src/lib/newsletter/signUpLinks.ts';
import { listOf } from './formatValue.mjs';

const yesNo = (value) => (value ? 'yes' : 'no');

/** docs/constants.md#per-shop-facts: the country table, one row per shop. */
export function perShopFacts() {
  const rows = shops.map((shop) => {
    const shipping = shop.freeShipping
      ? `${formatAmount(shop, shop.freeShipping.from)}${shop.freeShipping.withCardFrom === undefined ? '' : ` (${formatAmount(shop, shop.freeShipping.withCardFrom)})`}`
      : '–';
    const hours = shop.serviceHours ? `daily ${formatServiceHours(shop.serviceHours)}` : '–';
    return `| ${shop.code} | \`${shop.segment}\` | ${shop.locale} | ${shop.currency} | ${formatReturnPeriod(shop)} | ${shipping} | ${hours} | ${shop.newsletter.minimumAge} | ${yesNo(shop.hasFooterFallback)} | \`${shop.loyaltyCardPath}\` | ${shop.tradeName} |`;
  });
  return [
    '| shop | segment | locale | currency | return period | free shipping from (with loyalty card) | service hours | minimum age | footer fallback | loyalty card path | trade name |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** docs/newsletter.md#rules-per-shop: `shops[].newsletter`, one row per shop. */
export function newsletterRulesPerShop() {
  const rows = shops.map(({ code, newsletter: rules }) => {
    const ifShown = (text) => (rules.showsPersonalFields ? text : '–');
    return [
      code,
      yesNo(rules.showsPersonalFields),
      ifShown(rules.requiresSalutation ? 'yes (starred)' : 'no'),
      ifShown(yesNo(rules.requiresNames)),
      rules.requiresCommercialConsent ? 'yes, mandatory' : 'no',
      rules.inlineDneConsent ? 'inline, before the legal notice' : 'after the legal notice',
      rules.minimumAge,
      rules.stopsWhenUnopened ? 'yes ([two-year rule](#opens-and-the-tr-two-year-rule))' : 'no',
    ];
  });
  return [
    '| shop | personal fields shown | salutation required | names required | commercial message consent | DNE consent placement | minimum age in the legal text | ends when unopened |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n');
}

/** `exampleNewsletter` as "example newsletter". */
const wordsOf = (key) => key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);

/** Which shops link `key`, and where: `all` (`/privacy`), or `DE and AT (`/newsletter-beispiel`); HU (…)`. */
function linkTargets(key) {
  const byPath = new Map();
  for (const shop of shops) {
    const target = shop.links[key];
    if (target !== undefined) byPath.set(target, [...(byPath.get(target) ?? []), shop.code]);
  }
  if (byPath.size === 1 && [...byPath.values()][0].length === shops.length) return `all (\`${[...byPath.keys()][0]}\`)`;
  return [...byPath].map(([target, codes]) => `${listOf(codes)} (\`${target}\`)`).join('; ');
}

/** docs/newsletter.md#links-under-the-form: `shops[].links`, one row per link in the order the form shows them. */
export function newsletterLinksPerShop() {
  return [
    '| link | shops |',
    '| --- | --- |',
    ...Object.keys(linkKeys)
      .filter((key) => key !== 'voucherConditions')
      .map((key) => `| ${wordsOf(key)} | ${linkTargets(key)} |`),
    `| voucher conditions (in the voucher footnote) | ${linkTargets('voucherConditions')} |`,
  ].join('\n');
}
