import type { AstroIntegration } from 'astro';
import { takeFooterReport } from '../footer/footerReport.ts';

/**
 * Prints where each shop's footer came from (CMS, FALLBACK, MINIMAL) and how many problems were dropped, once the
 * build is done, where an operator reads it: after Astro's own output, not scrolled away inside it.
 */
export function footerReport(): AstroIntegration {
  return {
    name: 'storefront:footer-report',
    hooks: {
      'astro:build:done': ({ logger }) => {
        const lines = takeFooterReport();
        if (lines.length > 0) logger.info(`Footer report:\n${lines.map((line) => `  ${line}`).join('\n')}`);
      },
    },
  };
}
