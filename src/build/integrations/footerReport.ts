import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { takeLoadedFooters } from '../footer/loadedFooters.ts';
import { reportLine } from '../footer/loadFooter.ts';
import { writeBuiltContentVersions } from '../footer/builtContentVersions.ts';

/**
 * Prints where each shop's footer came from (CMS, FALLBACK, MINIMAL) and how many problems were dropped, once the
 * build is done, where an operator reads it: after Astro's own output, not scrolled away inside it. Hands the CMS
 * versions the pages were built from to the release builder.
 */
export function footerReport(): AstroIntegration {
  return {
    name: 'storefront:footer-report',
    hooks: {
      'astro:build:done': ({ logger, dir }) => {
        const footers = takeLoadedFooters();
        if (footers.length > 0)
          logger.info(`Footer report:\n${footers.map((footer) => `  ${reportLine(footer)}`).join('\n')}`);
        writeBuiltContentVersions(fileURLToPath(dir), footers);
      },
    },
  };
}
