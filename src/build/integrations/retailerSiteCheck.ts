import type { AstroIntegration } from 'astro';
import { buildRefusal, readBuildConfig } from '../../shared/config.ts';

/**
 * Stops a build for a public address (`SITE_URL` not local) without `RETAILER_ORIGIN`, before anything is built, with
 * one line naming the setting (`buildRefusal`, docs/operations.md#the-retailers-site): such a build would put stand-in
 * placeholders at the retailer's legal addresses. `npm run build` says the same before it starts Astro; this catches a
 * bare `astro build`. The dev server, always local, is left alone.
 */
export function retailerSiteCheck(): AstroIntegration {
  return {
    name: 'storefront:retailer-site-check',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        const refusal = buildRefusal(readBuildConfig());
        if (refusal !== undefined) throw new Error(refusal);
      },
    },
  };
}
