// npm run docs:generate: rewrites the generated blocks of docs/ from the code (scripts/lib/docBlocks.mjs).
// `--check` changes nothing and exits 1 naming each stale file, as the unit test does.
import fs from 'node:fs';
import path from 'node:path';
import { docBlocks, fillDocBlocks } from './lib/docBlocks.mjs';
import { root } from './lib/services.mjs';

const check = process.argv.includes('--check');
const files = [...new Set(Object.values(docBlocks).map((block) => block.file))];
let stale = 0;
for (const file of files) {
  const full = path.join(root, file);
  const text = fs.readFileSync(full, 'utf8');
  const { filled } = fillDocBlocks(text);
  if (filled === text) continue;
  stale += 1;
  if (check) console.log(`${file}: generated blocks are stale (npm run docs:generate)`);
  else {
    fs.writeFileSync(full, filled);
    console.log(`${file}: generated blocks written`);
  }
}
if (!stale) console.log('docs: every generated block is up to date');
process.exit(check && stale ? 1 : 0);
