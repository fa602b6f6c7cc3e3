import fs from 'node:fs';
import path from 'node:path';
import { shops } from '../../src/shared/countries.ts';
import type { VersionInput, VersionStore } from './versionStore.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';

/** One folder of seed footers, `{segment}.json` each, and when (and for whom) they apply. */
export interface FooterSeedSet {
  dir: string;
  validFrom: string;
  abTarget?: ForcedGroup;
}

const seedRoot = path.join(import.meta.dirname, '../seed');

/**
 * The demo's footer versions: the base content of every shop, a Christmas campaign for DE, AT and CH that the
 * schedule puts live on 1 December, and for DE a variant only staff previewing FOOTER_TEASER_ORDER group B see.
 */
export const footerSeedSets: readonly FooterSeedSet[] = [
  { dir: path.join(seedRoot, 'footer'), validFrom: '2026-01-01T00:00:00.000Z' },
  { dir: path.join(seedRoot, 'footer-christmas'), validFrom: '2026-12-01T00:00:00+01:00' },
  {
    dir: path.join(seedRoot, 'footer-teaser-order-b'),
    validFrom: '2026-06-01T00:00:00.000Z',
    abTarget: { test: 'FOOTER_TEASER_ORDER', group: 'B' },
  },
];

/**
 * Stores the seed versions of every shop that has no footer version yet, so a fresh database serves realistic
 * content and an operator's versions survive restarts; instances starting together store them once. Answers how many
 * versions were stored.
 */
export async function seedPromotions(
  versions: VersionStore,
  sets: readonly FooterSeedSet[] = footerSeedSets,
): Promise<number> {
  const inputs: VersionInput[] = [];
  for (const shop of shops) {
    for (const set of sets) {
      const file = path.join(set.dir, `${shop.segment}.json`);
      if (!fs.existsSync(file)) continue;
      inputs.push({
        site: shop.code,
        name: 'SHOP_FOOTER',
        contentJSON: JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8'))),
        validFrom: new Date(set.validFrom),
        ...(set.abTarget ? { abTarget: set.abTarget } : {}),
        storedBy: 'seed',
      });
    }
  }
  return (await versions.storeWhereNone(inputs)).length;
}
