import type { ShopPage } from './lib/shopPage.ts';
import type { PreviewMoment } from './shared/preview/renderLocals.ts';

declare global {
  namespace App {
    interface Locals {
      /** The shop and its strings on pages under `/{shop}/` (src/middleware.ts). */
      shopPage?: ShopPage;
      /** Set only in a staff preview render, by the server (docs/preview.md#preview-render). */
      preview?: PreviewMoment;
      /** The footer content a preview render uses instead of the built one (docs/preview.md#preview-render). */
      footerContentJSON?: string;
    }
  }
}

export {};
