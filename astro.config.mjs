// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { shops } from './src/shared/countries.ts';
import { readBuildConfig } from './src/shared/config.ts';
import { footerFragments } from './src/build/integrations/footerFragments.ts';
import { footerReport } from './src/build/integrations/footerReport.ts';
import { headersFile } from './src/build/integrations/headersFile.ts';
import { hydrateOnInteraction } from './src/build/integrations/hydrateOnInteraction.ts';

// Where the build fetches CMS content and the dev server proxies `/service` to. Pages in the browser always call
// same-origin `/service/...`; in production that path is routed to the real backends.
const build = readBuildConfig();

export default defineConfig({
  site: build.SITE_URL,
  outDir: build.ASTRO_OUT_DIR,
  trailingSlash: 'always',
  integrations: [react(), hydrateOnInteraction(), headersFile(), footerFragments(), footerReport()],
  i18n: {
    locales: shops.map((shop) => ({ path: shop.segment, codes: [shop.locale] })),
    // At run time Astro wants the default locale's path here, while its types ask for a code: the path wins.
    defaultLocale: /** @type {'de-DE'} */ (/** @type {unknown} */ ('de')),
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  security: { csp: true },
  build: { inlineStylesheets: 'auto' },
  devToolbar: { enabled: false },
  vite: {
    // xfwd: the services key their rate limits on the browser's address, which they read from X-Forwarded-For
    // because `npm run dev` starts them with TRUST_PROXY.
    server: { proxy: { '/service': { target: build.serviceOrigin, changeOrigin: false, xfwd: true } } },
  },
});
