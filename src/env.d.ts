import type { ShopPage } from './lib/shopPage.ts';
import type { PreviewRenderLocals } from './shared/preview/renderLocals.ts';

declare global {
  namespace App {
    /**
     * What the server hands a staff preview render (`previewRenderLocalsSchema`, docs/preview.md#preview-render; absent
     * in the static build), plus the shop page the middleware adds.
     */
    interface Locals extends Partial<PreviewRenderLocals> {
      /** The shop and its strings on pages under `/{shop}/` (src/middleware.ts). */
      shopPage?: ShopPage;
    }
  }
}

export {};
