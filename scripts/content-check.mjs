// npm run content:check [-- country ...] [--file content.json] [--origin url]
// Validates the footer content operators are about to ship: the live CMS content of the named shops (all by default)
// from SERVICE_ORIGIN/--origin (else from freshly started local services), or one file with --file. Prints every
// problem with country and JSON path, and each fact its texts state otherwise than the country table (a warning);
// exits 1 when there is any, so a redeploy can be stopped.
import { readToolConfig } from '../src/shared/config.ts';
import { parseArgs } from 'node:util';
import { selectShops } from '../src/shared/countries.ts';
import { fetchCmsFooter } from '../src/build/footer/fetchCmsFooter.ts';
import { startServices } from './lib/services.mjs';
import { problemLines, readFooterContentFile } from './lib/footerContentFile.mjs';

const { values, positionals } = parseArgs({
  options: { file: { type: 'string' }, origin: { type: 'string' } },
  allowPositionals: true,
});
const shops = selectShops(positionals.join(','));

let lines = [];
if (values.file) {
  let raw;
  try {
    raw = readFooterContentFile(values.file);
  } catch (error) {
    console.error(`${values.file}: ${error.message}`);
    process.exit(1);
  }
  // The file is one shop's content: checked for each shop named (facts included), else without a shop's facts.
  const checks = positionals.length ? shops.map((shop) => [shop.code, shop]) : [['FILE', undefined]];
  lines = checks.flatMap(([label, shop]) => problemLines(label, raw, shop).map((line) => `${line} (${values.file})`));
} else {
  const origin = values.origin ?? readToolConfig().SERVICE_ORIGIN;
  const services = origin ? undefined : await startServices({ quiet: true });
  try {
    for (const shop of shops) {
      const answer = await fetchCmsFooter(origin ?? services.origin, shop);
      lines.push(...(answer.ok ? problemLines(shop.code, answer.raw, shop) : [`${shop.code} $: ${answer.reason}`]));
    }
  } finally {
    await services?.stop();
  }
}

for (const line of lines) console.log(line);
const checked = values.file ? values.file : shops.map((shop) => shop.code).join(', ');
console.log(lines.length ? `${lines.length} problem(s) in ${checked}` : `Footer content OK: ${checked}`);
process.exit(lines.length ? 1 : 0);
