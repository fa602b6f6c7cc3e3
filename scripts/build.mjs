// npm run build [-- --country de[,at] ...] [--allow-minimal-footer]: builds all shops, or rebuilds only the named ones
// (also SHOPS=de,at). A shop whose footer has neither CMS content nor fallback fails the build unless the operator
// allows the minimal footer (also ALLOW_MINIMAL_FOOTER=1).
import { parseArgs } from 'node:util';
import { buildSite } from './lib/buildSite.mjs';
import { readToolConfig } from '../src/shared/config.ts';

const config = readToolConfig();

const { values } = parseArgs({ options: { country: { type: 'string', multiple: true }, 'allow-minimal-footer': { type: 'boolean' } }, allowPositionals: false });
const shops = [...(values.country ?? []), ...config.SHOPS]
  .flatMap((value) => value.split(','))
  .map((value) => value.trim().toLowerCase())
  .filter(Boolean);
const allowMinimalFooter = values['allow-minimal-footer'] === true || config.ALLOW_MINIMAL_FOOTER;
process.exit(await buildSite({ shops, env: allowMinimalFooter ? { ALLOW_MINIMAL_FOOTER: '1' } : {} }));
