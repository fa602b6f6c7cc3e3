// npm run build [-- --country de[,at] ...]: builds all shops, or rebuilds only the named ones (also SHOPS=de,at).
import { parseArgs } from 'node:util';
import { buildSite } from './lib/buildSite.mjs';

const { values } = parseArgs({ options: { country: { type: 'string', multiple: true } }, allowPositionals: false });
const shops = [...(values.country ?? []), process.env.SHOPS ?? '']
  .flatMap((value) => value.split(','))
  .map((value) => value.trim().toLowerCase())
  .filter(Boolean);
process.exit(await buildSite({ shops }));
