// Merges a patch of strings into the per-locale catalogues and keeps their keys sorted.
// Usage: npm run i18n:merge -- patch.json   where patch.json is { "de-DE": { "key": "text" }, "fr-CH": { ... }, ... }
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../src/i18n');
const patchFile = process.argv[2];
if (!patchFile) {
  console.error('Usage: npm run i18n:merge -- <patch.json>');
  process.exit(2);
}
const patch = JSON.parse(fs.readFileSync(patchFile, 'utf8'));
for (const [locale, strings] of Object.entries(patch)) {
  const file = path.join(dir, `${locale}.json`);
  if (!fs.existsSync(file)) throw new Error(`No catalogue for locale ${locale}`);
  const merged = { ...JSON.parse(fs.readFileSync(file, 'utf8')), ...strings };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${locale}: ${Object.keys(strings).length} strings merged`);
}
