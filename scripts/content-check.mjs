// npm run content:check [-- country ...] [--file content.json] [--origin url]
// Validates the footer content operators are about to ship: the live CMS content of the named shops (all by default)
// from SERVICE_ORIGIN/--origin (else from freshly started local services), or one file with --file. Prints every
// problem with country and JSON path; exits 1 when there is any, so a redeploy can be stopped.
import { readToolConfig } from '../src/shared/config.ts';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { selectShops } from '../src/shared/countries.ts';
import { fetchCmsFooter } from '../src/build/footer/fetchCmsFooter.ts';
import { parseFooterContent } from '../src/shared/footer/sanitizeFooterContent.ts';
import { startServices } from './lib/services.mjs';

const { values, positionals } = parseArgs({
  options: { file: { type: 'string' }, origin: { type: 'string' } },
  allowPositionals: true,
});
const shops = selectShops(positionals.join(','));

/** Problem lines for one shop's raw content: dropped values and schema errors alike. */
function check(code, raw) {
  const result = parseFooterContent(raw);
  const problems = [...result.dropped, ...(result.ok ? [] : result.errors)];
  return problems.map((problem) => `${code} ${problem.path}: ${problem.message}`);
}

let lines = [];
if (values.file) {
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(values.file, 'utf8'));
    // Accept the promotion service's envelope as well as the bare content.
    if (typeof raw?.contentJSON === 'string') raw = JSON.parse(raw.contentJSON);
  } catch (error) {
    console.error(`${values.file}: ${error.message}`);
    process.exit(1);
  }
  // The file is one shop's content: label its problems with the country named, if any.
  const labels = positionals.length ? shops.map((shop) => shop.code) : ['FILE'];
  lines = labels.flatMap((label) => check(label, raw).map((line) => `${line} (${values.file})`));
} else {
  const origin = values.origin ?? readToolConfig().SERVICE_ORIGIN;
  const services = origin ? undefined : await startServices({ quiet: true });
  try {
    for (const shop of shops) {
      const answer = await fetchCmsFooter(origin ?? services.origin, shop);
      lines.push(...(answer.ok ? check(shop.code, answer.raw) : [`${shop.code} $: ${answer.reason}`]));
    }
  } finally {
    await services?.stop();
  }
}

for (const line of lines) console.log(line);
const checked = values.file ? values.file : shops.map((shop) => shop.code).join(', ');
console.log(lines.length ? `${lines.length} problem(s) in ${checked}` : `Footer content OK: ${checked}`);
process.exit(lines.length ? 1 : 0);
