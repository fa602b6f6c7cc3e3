import type { LoadedFooter } from '../../lib/footer/loadedFooterSchema.ts';
import { reportLine } from './loadFooter.ts';

// The content loader and the build's integrations run in one process, but Vite loads the loader's modules apart from
// the integration's: the report is handed over on a well-known global symbol rather than through module state.
const slot = Symbol.for('storefront.footerReport');
type ReportHolder = { [slot]?: string[] };

/** Keeps the per-shop report lines of the footers just loaded, for the build's closing report. */
export function recordFooterReport(footers: readonly LoadedFooter[]): void {
  (globalThis as ReportHolder)[slot] = footers.map(reportLine);
}

/** The report lines of the last load (once: a second call gets nothing). */
export function takeFooterReport(): string[] {
  const holder = globalThis as ReportHolder;
  const lines = holder[slot] ?? [];
  delete holder[slot];
  return lines;
}
