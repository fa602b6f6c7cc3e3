import type { ShopPage } from './lib/shopPage.ts';
import type { PageRenderLocals } from './shared/preview/renderLocals.ts';

declare global {
  namespace App {
    /**
     * What the server hands an on-demand render (a staff preview, `previewRenderLocalsSchema`, docs/preview.md#preview-render;
     * a form's answer, docs/newsletter.md#three-paths; absent in the static build), plus the shop page the middleware adds.
     */
    interface Locals extends PageRenderLocals {
      /** The shop and its strings on pages under `/{shop}/` (src/middleware.ts). */
      shopPage?: ShopPage;
    }
  }
}

export {};
