import fs from 'node:fs';
import path from 'node:path';
import { shops } from '../../src/shared/countries.ts';
import type { VersionInput, VersionStore } from './versionStore.ts';
import type { ForcedGroup } from '../../src/shared/preview/renderLocals.ts';

/**
 * A day of every year, `MM-DDTHH:mm:ss±hh:mm` (`12-01T00:00:00+01:00`: 1 December, midnight in Central European Time):
 * a seed set valid from it starts on its next occurrence at least `SEED_LEAD_MS` after the seed is stored.
 */
export interface EveryYear {
  everyYear: string;
}

/** One folder of seed footers, `{segment}.json` each, and when (and for whom) they apply. */
export interface FooterSeedSet {
  dir: string;
  /** An instant (ISO 8601), or a day of every year (`EveryYear`). */
  validFrom: string | EveryYear;
  abTarget?: ForcedGroup;
}

/**
 * How far ahead of the seed a yearly seed set starts at least (docs/constants.md#timings): a demo seeded less than a
 * day before 1 December gets next year's campaign, so a freshly seeded site shows its base footer for a day at least,
 * whenever it is started.
 */
export const SEED_LEAD_MS = 24 * 60 * 60 * 1000;

/** When a seed set's versions become valid, for a seed stored at `storedAt`. */
export function seedValidFrom(validFrom: FooterSeedSet['validFrom'], storedAt: Date): Date {
  if (typeof validFrom === 'string') return new Date(validFrom);
  for (let year = storedAt.getUTCFullYear(); ; year += 1) {
    const start = new Date(`${year}-${validFrom.everyYear}`);
    if (Number.isNaN(start.getTime())) throw new Error(`not a day of the year: ${validFrom.everyYear}`);
    if (start.getTime() - storedAt.getTime() >= SEED_LEAD_MS) return start;
  }
}

const seedRoot = path.join(import.meta.dirname, '../seed');

/**
 * The Christmas campaign of DE, AT and CH: the schedule puts it live on the next 1 December (a fixed year would leave
 * a demo started after it with the campaign live all year, and nothing scheduled for staff to preview).
 */
export const christmasSeedSet: FooterSeedSet = {
  dir: path.join(seedRoot, 'footer-christmas'),
  validFrom: { everyYear: '12-01T00:00:00+01:00' },
};

/**
 * The demo's footer versions: the base content of every shop, a Christmas campaign for DE, AT and CH that the
 * schedule puts live on the next 1 December, and for DE a variant only staff previewing FOOTER_TEASER_ORDER group B
 * see.
 */
export const footerSeedSets: readonly FooterSeedSet[] = [
  { dir: path.join(seedRoot, 'footer'), validFrom: '2026-01-01T00:00:00.000Z' },
  christmasSeedSet,
  {
    dir: path.join(seedRoot, 'footer-teaser-order-b'),
    validFrom: '2026-06-01T00:00:00.000Z',
    abTarget: { test: 'FOOTER_TEASER_ORDER', group: 'B' },
  },
];

/**
 * Stores the seed versions of every shop that has no footer version yet, so a fresh database serves realistic
 * content and an operator's versions survive restarts; instances starting together store them once. Answers how many
 * versions were stored. `storedAt` places the yearly sets (`seedValidFrom`).
 */
export async function seedPromotions(
  versions: VersionStore,
  sets: readonly FooterSeedSet[] = footerSeedSets,
  storedAt: Date = new Date(),
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
        validFrom: seedValidFrom(set.validFrom, storedAt),
        ...(set.abTarget ? { abTarget: set.abTarget } : {}),
        storedBy: 'seed',
      });
    }
  }
  return (await versions.storeWhereNone(inputs)).length;
}
