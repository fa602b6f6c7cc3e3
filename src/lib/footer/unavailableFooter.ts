import type { LoadedFooter } from './loadedFooterSchema.ts';

/**
 * The message a build fails with when a shop has no footer and the minimal one was not allowed (docs/footer.md#content-source): the
 * footer loader records why, `getShopFooter()` throws this when the shop's page renders.
 */
export function unavailableMessage(footer: LoadedFooter, shopCode: string): string {
  return (
    `The ${shopCode} shop has no footer: ${footer.reasons.join('; ')}. It has no fallback content. ` +
    'Fix the CMS content (npm run content:check) or build with --allow-minimal-footer (ALLOW_MINIMAL_FOOTER=1) to ship the minimal footer.'
  );
}
