// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import { shops } from './src/shared/countries.ts';
import { readBuildConfig } from './src/shared/config.ts';
import { HASHED_ASSETS } from './src/shared/hashedAssets.ts';
import { footerFragments } from './src/build/integrations/footerFragments.ts';
import { footerReport } from './src/build/integrations/footerReport.ts';
import { headersFile } from './src/build/integrations/headersFile.ts';
import { hydrateOnInteraction } from './src/build/integrations/hydrateOnInteraction.ts';
import { panelManifest } from './src/build/integrations/panelManifest.ts';
import { singleFileScript } from './src/build/integrations/singleFileScript.ts';
import { islandModuleGraphs } from './src/build/integrations/islandModuleGraphs.ts';
import { islandChunks } from './src/build/integrations/islandChunks.ts';
import { brotliAssets } from './src/build/integrations/brotliAssets.ts';
import { retailerSiteCheck } from './src/build/integrations/retailerSiteCheck.ts';

// Where the build fetches CMS content and the dev server proxies `/service` to. Pages in the browser always call
// same-origin `/service/...`; in production that path is routed to the real backends.
const build = readBuildConfig();

// Build-only switch (scripts/lib/buildPreviewRenderer.mjs): the same pages built once more as the on-demand renderer
// of staff preview renders (docs/preview.md#preview-render). Its client files live under `_preview/`, apart from the
// release's `_astro/`; the static-only integrations stay out of it. Without streaming, Astro computes the page's CSP
// header after the whole page rendered, so the hashes a layout adds (inline head script, indicator style) are in it.
const previewRenderer = build.PREVIEW_RENDERER_BUILD;
const pageScriptFile = 'src/scripts/shopPage.ts';
const pageScript = [singleFileScript(pageScriptFile), islandChunks(pageScriptFile)];
// The renderer keeps its own caches: sharing them with the static build made every publish after a full build
// re-optimise Vite's dependencies and clear the content store (about 2 s more).
const rendererOptions = previewRenderer
  ? /** @type {const} */ ({
      output: 'server',
      adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
      cacheDir: './node_modules/.astro-preview-renderer',
    })
  : {};

// `astro check` and `astro sync` load the CMS content too, and would write it where a build beside them keeps the
// content it just loaded and bundles it from: `npm test` type-checks while it builds the site under test, and a build
// once shipped the check's content (the CMS unreachable from the check: no footer for a shop). They keep their own.
const checking = ['check', 'sync'].includes(process.argv[2] ?? '');

export default defineConfig({
  site: build.SITE_URL,
  outDir: build.ASTRO_OUT_DIR,
  trailingSlash: 'always',
  ...(checking ? { cacheDir: './node_modules/.astro-check' } : {}),
  ...rendererOptions,
  // Every shop page loads one script before the first interaction (docs/performance.md#before-the-first-interaction);
  // the Brotli siblings once every script is final; `_headers` last: it names every file the others write (the
  // fragments' stylesheets among them).
  integrations: previewRenderer
    ? [retailerSiteCheck(), react(), hydrateOnInteraction(), ...pageScript]
    : [
        retailerSiteCheck(),
        react(),
        hydrateOnInteraction(),
        ...pageScript,
        footerFragments(),
        footerReport(),
        panelManifest(),
        islandModuleGraphs(),
        brotliAssets(),
        headersFile(),
      ],
  i18n: {
    locales: shops.map((shop) => ({ path: shop.segment, codes: [shop.locale] })),
    // At run time Astro wants the default locale's path here, while its types ask for a code: the path wins.
    defaultLocale: /** @type {'de-DE'} */ (/** @type {unknown} */ ('de')),
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  security: { csp: true },
  // No page renders Markdown; Shiki's inline styles would break the CSP, and Astro warned so in every build log.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'auto', assets: previewRenderer ? '_preview' : HASHED_ASSETS },
  devToolbar: { enabled: false },
  vite: {
    ...(previewRenderer ? { cacheDir: 'node_modules/.vite-preview-renderer' } : {}),
    // xfwd: the services key their rate limits on the browser's address, which they read from X-Forwarded-For
    // because `npm run dev` starts them with TRUST_PROXY.
    server: { proxy: { '/service': { target: build.serviceOrigin, changeOrigin: false, xfwd: true } } },
  },
});
