import type { LoadedFooter } from '../../lib/footer/loadedFooterSchema.ts';

// The content loader and the build's integrations run in one process, but Vite loads the loader's modules apart from
// the integration's: the footers are handed over on a well-known global symbol rather than through module state.
const slot = Symbol.for('storefront.loadedFooters');
type FootersHolder = { [slot]?: readonly LoadedFooter[] };

/** Keeps the footers just loaded, for the build's closing report and the content versions its release records. */
export function recordLoadedFooters(footers: readonly LoadedFooter[]): void {
  (globalThis as FootersHolder)[slot] = footers;
}

/** The footers of the last load (once: a second call gets nothing). */
export function takeLoadedFooters(): readonly LoadedFooter[] {
  const holder = globalThis as FootersHolder;
  const footers = holder[slot] ?? [];
  delete holder[slot];
  return footers;
}
