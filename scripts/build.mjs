// npm run build [-- --country de[,at] ...] [--allow-minimal-footer]: builds all shops, or rebuilds only the named ones
// (also SHOPS=de,at), as a new release that goes live in one step (docs/calls.md#publisher). A shop whose footer has
// neither CMS content nor fallback fails the build unless the operator allows the minimal footer (also
// ALLOW_MINIMAL_FOOTER=1). The release records the promotion version each shop's pages show, as the CMS names it;
// `--content-version hu=7` names it for a CMS that does not (the server's publisher passes it, and
// `--stop-with-parent`: the build stops when the server that started it dies). The pages of running A/B tests' groups
// are built too, under `_ab/TEST/GROUP/de/` (docs/footer.md#ab-tests-and-consent): as the calendar says, or as
// `--ab-variants de=TEST:GROUP:7,…` lists them (the publisher's; empty: none).
import { parseArgs } from 'node:util';
import { buildSite } from './lib/buildSite.mjs';
import { stopWithParent } from './lib/stopWithParent.mjs';
import { readToolConfig } from '../src/shared/config.ts';

const config = readToolConfig();

const { values } = parseArgs({
  options: {
    country: { type: 'string', multiple: true },
    'allow-minimal-footer': { type: 'boolean' },
    'content-version': { type: 'string', multiple: true },
    'ab-variants': { type: 'string' },
    'stop-with-parent': { type: 'boolean' },
  },
  allowPositionals: false,
});
const shops = [...(values.country ?? []), ...config.SHOPS]
  .flatMap((value) => value.split(','))
  .map((value) => value.trim().toLowerCase())
  .filter(Boolean);
const contentVersions = {};
for (const pair of values['content-version'] ?? []) {
  const match = /^([a-z-]+)=(\d+)$/.exec(pair);
  if (!match) {
    console.error(`--content-version ${pair}: expected shop=version, e.g. hu=7`);
    process.exit(1);
  }
  contentVersions[match[1]] = Number(match[2]);
}
// Given (the publisher's), or undefined: the build reads them from the A/B calendar.
const variants = values['ab-variants']
  ?.split(',')
  .filter(Boolean)
  .map((value) => {
    const match = /^([a-z-]+)=([A-Za-z0-9_-]+):([A-Za-z0-9_-]+)(?::(\d+))?$/.exec(value);
    if (!match) {
      console.error(`--ab-variants ${value}: expected shop=TEST:GROUP[:version], e.g. de=FOOTER_ORDER:B:7`);
      process.exit(1);
    }
    const [, segment, test, group, version] = match;
    return { segment, test, group, ...(version ? { contentVersion: Number(version) } : {}) };
  });
const allowMinimalFooter = values['allow-minimal-footer'] === true || config.ALLOW_MINIMAL_FOOTER;
const stillWanted = values['stop-with-parent'] ? stopWithParent() : undefined;
process.exit(
  await buildSite({
    shops,
    contentVersions,
    variants,
    stillWanted,
    env: allowMinimalFooter ? { ALLOW_MINIMAL_FOOTER: '1' } : {},
  }),
);
