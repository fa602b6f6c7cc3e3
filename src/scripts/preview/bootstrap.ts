import { hasStaffCookie } from '../../shared/auth/staffCookie.ts';

/**
 * Runs on every shop page (after load, see ShopLayout.astro). Anonymous shoppers pay only for this cookie test: no
 * preview request is made and no preview code is downloaded unless a staff cookie is present
 * (docs/preview.md#who-sees-the-panel).
 */
export function startPreviewCheck(): void {
  if (!hasStaffCookie(document.cookie)) return;
  // Chunk 1 asks checkauth; only on SUCCESS does it load chunk 2, the panel.
  void import('./startPreview.ts').then(({ startPreview }) => startPreview());
}
