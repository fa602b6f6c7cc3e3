// The parts of docs/ that come from code: each is a block between `<!-- generated: name -->` and
// `<!-- /generated -->`, written by `npm run docs:generate` and checked by scripts/docs-generate.test.ts, so a
// value changed in the code cannot leave the docs behind.
import { shops } from '../../src/shared/countries.ts';
import { uiLocales } from '../../src/shared/locales.ts';
import { formatAmount } from '../../src/shared/format/amount.ts';
import { formatReturnPeriod, formatServiceHours } from '../../src/shared/footer/shopFacts.ts';

const yesNo = (value) => (value ? 'yes' : 'no');

/** docs/constants.md#per-shop-facts: the country table, one row per shop. */
function perShopFacts() {
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

/** docs/constants.md#locales: the UI locales in order. */
function locales() {
  return `The ${uiLocales.length} UI locales (\`uiLocales\`, \`src/shared/locales.ts\`): ${uiLocales.join(', ')}. The first is the default and the reference catalogue.`;
}

/** Every generated block by name, with the docs file it lives in. */
export const docBlocks = {
  'per-shop-facts': { file: 'docs/constants.md', render: perShopFacts },
  locales: { file: 'docs/constants.md', render: locales },
};

const blockPattern = /(<!-- generated: ([\w-]+) -->\n)([\s\S]*?)(\n<!-- \/generated -->)/g;

/**
 * The text with every generated block filled in anew, and the names of the blocks found. A block whose name is not
 * in `docBlocks` is an error, so a typo cannot leave a block that nothing writes.
 */
export function fillDocBlocks(text) {
  const found = [];
  const filled = text.replace(blockPattern, (_all, open, name, _old, close) => {
    if (!Object.hasOwn(docBlocks, name)) throw new Error(`unknown generated block "${name}"`);
    found.push(name);
    return `${open}${docBlocks[name].render()}${close}`;
  });
  return { filled, found };
}
