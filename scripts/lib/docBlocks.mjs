// The parts of the docs that come from code (docs/README.md#generated-values), written by `npm run docs:generate`
// and checked by scripts/docs-generate.test.ts, so a value changed in the code cannot leave the docs behind:
// - blocks between `<!-- generated: name -->` and `<!-- /generated -->` on lines of their own (tables, lists);
// - values in running text between `<!-- value: NAME formats -->` and `<!-- /value -->`, NAME as
//   scripts/lib/docs/codeValues.mjs finds it (`EMAIL_MAX_LENGTH`, `REFUSED_BODY_DRAIN.maxMs`, `KEEP_RELEASES`,
//   `shops[].newsletter.minimumAge`), formats as scripts/lib/docs/formatValue.mjs writes them (`days`, `KB`, `code`).
import fs from 'node:fs';
import path from 'node:path';
import { uiLocales } from '../../src/shared/locales.ts';
import { codeValue } from './docs/codeValues.mjs';
import { constantTable } from './docs/constantTable.mjs';
import { formatValue } from './docs/formatValue.mjs';
import { limitRows } from './docs/limitsTable.mjs';
import { newsletterLinksPerShop, newsletterRulesPerShop, perShopFacts } from './docs/perShopTables.mjs';
import { sizeRows } from './docs/sizesTable.mjs';
import { timingRows } from './docs/timingsTable.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** docs/constants.md#locales: the UI locales in order. */
function locales() {
  return `The ${uiLocales.length} UI locales (\`uiLocales\`, \`src/shared/locales.ts\`): ${uiLocales.join(', ')}. The first is the default and the reference catalogue.`;
}

/** Every generated block by name, with the docs file it lives in. */
export const docBlocks = {
  limits: { file: 'docs/constants.md', render: () => constantTable(limitRows) },
  timings: { file: 'docs/constants.md', render: () => constantTable(timingRows) },
  sizes: { file: 'docs/constants.md', render: () => constantTable(sizeRows) },
  'per-shop-facts': { file: 'docs/constants.md', render: perShopFacts },
  locales: { file: 'docs/constants.md', render: locales },
  'newsletter-rules-per-shop': { file: 'docs/newsletter.md', render: newsletterRulesPerShop },
  'newsletter-links-per-shop': { file: 'docs/newsletter.md', render: newsletterLinksPerShop },
};

/** The Markdown files that may hold generated parts: the README, docs/ and the UI kit's component READMEs. */
export function markdownFiles() {
  const ui = fs
    .readdirSync(path.join(root, 'src/ui'), { recursive: true })
    .filter((file) => file.endsWith('README.md'));
  const docs = fs.readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md'));
  return ['README.md', ...docs.map((file) => `docs/${file}`), ...ui.map((file) => `src/ui/${file}`)].sort();
}

const blockPattern = /(<!-- generated: ([\w-]+) -->\n)([\s\S]*?)(\n<!-- \/generated -->)/g;
const valuePattern = /(?<!`)(<!-- value: ([^\s>]+)((?: [\w/.-]+)*) -->)(.*?)(<!-- \/value -->)/g;

/**
 * The text with every generated part written anew: `filled`; the names of the blocks found: `found`; and one line per
 * part whose text changes: `stale` (`value EMAIL_MAX_LENGTH: "256" is now "254"`, `block limits`). A block whose name
 * is not in `docBlocks`, or a value the code does not have, is an error, so a typo cannot leave a part nothing writes.
 */
export function fillDocBlocks(text) {
  const found = [];
  const stale = [];
  const withBlocks = text.replace(blockPattern, (_all, open, name, old, close) => {
    if (!Object.hasOwn(docBlocks, name)) throw new Error(`unknown generated block "${name}"`);
    found.push(name);
    const fresh = docBlocks[name].render();
    if (fresh !== old) stale.push(`block ${name}`);
    return `${open}${fresh}${close}`;
  });
  const filled = withBlocks.replace(valuePattern, (_all, open, name, formats, old, close) => {
    const fresh = formatValue(name, codeValue(name).value, formats.trim());
    if (fresh !== old) stale.push(`value ${name}${formats}: "${old}" is now "${fresh}"`);
    return `${open}${fresh}${close}`;
  });
  return { filled, found, stale };
}
