import * as v from 'valibot';
import { fetchWithTimeout } from '../../lib/http.ts';
import type { CheckAuthResponse } from '../../shared/preview/schemas.ts';
import { PANEL_MANIFEST_PATH, panelManifestSchema } from '../../shared/preview/panelManifest.ts';

/** Attribute on the injected panel script that hands it the check-auth answer. */
export const PANEL_AUTH_ATTRIBUTE = 'data-preview-auth';

function whenLoaded(element: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Loads the panel into this page from the manifest the build wrote (docs/preview.md#who-sees-the-panel): its
 * stylesheets first (so it never shows unstyled), then its module script, which mounts the panel with `auth`. The
 * manifest names only this site's built files, so the page's CSP (`'self'`) allows them.
 */
export async function loadPanel(auth: CheckAuthResponse): Promise<void> {
  const response = await fetchWithTimeout(PANEL_MANIFEST_PATH, { credentials: 'same-origin' });
  if (!response.ok) return;
  const manifest = v.safeParse(panelManifestSchema, await response.json().catch(() => null));
  if (!manifest.success) return;

  await Promise.all(
    manifest.output.styles.map((href) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      document.head.append(link);
      return whenLoaded(link);
    }),
  );
  const script = document.createElement('script');
  script.type = 'module';
  script.src = manifest.output.script;
  script.setAttribute(PANEL_AUTH_ATTRIBUTE, JSON.stringify(auth));
  document.body.append(script);
}
