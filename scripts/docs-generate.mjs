// npm run docs:generate: rewrites the generated parts of the docs from the code (scripts/lib/docBlocks.mjs).
// `--check` changes nothing and exits 1 naming each stale part, as the unit test does.
import fs from 'node:fs';
import path from 'node:path';
import { fillDocBlocks, markdownFiles } from './lib/docBlocks.mjs';
import { root } from './lib/services.mjs';

const check = process.argv.includes('--check');
let staleFiles = 0;
for (const file of markdownFiles()) {
  const full = path.join(root, file);
  const text = fs.readFileSync(full, 'utf8');
  const { filled, stale } = fillDocBlocks(text);
  if (filled === text) continue;
  staleFiles += 1;
  for (const line of stale) console.log(`${file}: ${line}`);
  if (check) continue;
  fs.writeFileSync(full, filled);
  console.log(`${file}: written`);
}
if (!staleFiles) console.log('docs: every generated part is up to date');
else if (check) console.log('stale: npm run docs:generate writes them');
process.exit(check && staleFiles ? 1 : 0);
