import { fetchWithTimeout } from '../../lib/http.ts';
import type { CheckAuthResponse } from '../../shared/preview/schemas.ts';

/** The staff-only page whose script and stylesheets are the panel (see its frontmatter for why). */
const PANEL_HOST_PATH = '/preview/panel/';
/** Attribute on the injected panel script that hands it the check-auth answer. */
export const PANEL_AUTH_ATTRIBUTE = 'data-preview-auth';

function whenLoaded(element: HTMLLinkElement): Promise<void> {
  return new Promise((resolve) => {
    element.addEventListener('load', () => resolve(), { once: true });
    element.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * Loads the panel into this page: its stylesheets first (so it never shows unstyled), then its module script,
 * which mounts the panel with `auth`. Same-origin files only, so the page's CSP (`'self'`) allows them.
 */
export async function loadPanel(auth: CheckAuthResponse): Promise<void> {
  const response = await fetchWithTimeout(PANEL_HOST_PATH, { credentials: 'same-origin' });
  if (!response.ok) return;
  const host = new DOMParser().parseFromString(await response.text(), 'text/html');
  const sameOrigin = (url: string) => new URL(url, location.href).origin === location.origin;

  const styles = [...host.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')]
    .filter((link) => sameOrigin(link.getAttribute('href')!))
    .map((link) => {
      const copy = document.createElement('link');
      copy.rel = 'stylesheet';
      copy.href = link.getAttribute('href')!;
      document.head.append(copy);
      return whenLoaded(copy);
    });
  await Promise.all(styles);

  const entry = host.querySelector<HTMLScriptElement>('script[type="module"][src]');
  const src = entry?.getAttribute('src');
  if (!src || !sameOrigin(src)) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  script.setAttribute(PANEL_AUTH_ATTRIBUTE, JSON.stringify(auth));
  document.body.append(script);
}
