import fs from 'node:fs';
import path from 'node:path';
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import * as v from 'valibot';
import { selectShops, type Shop } from './shared/countries.ts';
import { readBuildConfig } from './shared/config.ts';
import { recordLoadedFooters } from './build/footer/loadedFooters.ts';
import { loadedFooterSchema, type LoadedFooter } from './lib/footer/loadedFooterSchema.ts';
import { loadFooter, reportLine } from './build/footer/loadFooter.ts';

// Where the build reads CMS content: the promotion service (SERVICE_ORIGIN, set by `npm run build`).
const { serviceOrigin: origin, SHOPS, ALLOW_MINIMAL_FOOTER: allowMinimal, AB_TEST, AB_GROUP } = readBuildConfig();
// An A/B variant's build reads its group's footer (docs/footer.md#ab-tests-and-consent).
const abTarget = AB_TEST && AB_GROUP ? { test: AB_TEST, group: AB_GROUP } : undefined;
const fallbackDir = path.resolve('src/content/footer');

/** The fallback collection: complete footers in `src/content/footer/{segment}.json` for the shops that have one. */
function readFallback(shop: Shop): unknown {
  const file = path.join(fallbackDir, `${shop.segment}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
}

/**
 * One entry per shop being built (`LoadedFooter`): where its footer came from and the content. A shop without
 * usable content is stored as `unavailable` and the footer component fails the build for it; failing here would
 * also fail `astro check`, which syncs content without the services running.
 */
const footer = defineCollection({
  // Astro's collections take a zod schema; the footer's shape is defined once, in valibot, and checked through it.
  schema: z.custom<LoadedFooter>(
    (value) => v.is(loadedFooterSchema, value),
    'not a loaded footer (loadedFooterSchema)',
  ),
  loader: {
    name: 'shop-footer-cms',
    load: async ({ store, logger }) => {
      store.clear();
      const footers = await Promise.all(
        selectShops(SHOPS).map((shop) => loadFooter(shop, { origin, readFallback, allowMinimal, abTarget })),
      );
      for (const loaded of footers) {
        const line = reportLine(loaded);
        if (loaded.source === 'cms' && loaded.dropped.length === 0) logger.info(line);
        else logger.warn(line);
        for (const problem of loaded.dropped) logger.warn(`  ${loaded.segment} ${problem.path}: ${problem.message}`);
        store.set({ id: loaded.segment, data: { ...loaded } });
      }
      // The footer-report integration repeats these lines after Astro's own output, where an operator will see them.
      recordLoadedFooters(footers);
    },
  },
});

export const collections = { footer };
