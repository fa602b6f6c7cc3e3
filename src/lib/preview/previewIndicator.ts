import type { Shop } from '../../shared/countries.ts';
import type { PreviewMoment } from '../../shared/preview/renderLocals.ts';

/** The indicator's label and the panel button's name (staff UI is English, see docs/preview.md#indicator). */
export const indicatorStrings = { label: 'Preview', now: 'now', settings: 'Preview settings' } as const;

/**
 * What the indicator says: "Preview · 24.12.2026, 10:00 · FOOTER_TEASER_ORDER / B". The moment is written the shop's
 * way, in the shop's time zone; "now" when staff forced only a test.
 */
export function previewIndicatorText(shop: Shop, preview: PreviewMoment): string {
  const moment = preview.at
    ? new Intl.DateTimeFormat(shop.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: shop.timeZone }).format(
        new Date(preview.at),
      )
    : indicatorStrings.now;
  const parts = [indicatorStrings.label, moment];
  if (preview.target) parts.push(`${preview.target.test} / ${preview.target.group}`);
  return parts.join(' · ');
}

/**
 * The indicator's styles, inline and hashed into the page's CSP, so they exist only in preview renders: a stylesheet
 * of a component would be bundled into every shopper's page. A sticky bar at the top takes its own room in the
 * flow, so it never covers the sign-up or the footer's controls.
 */
export const indicatorStyle =
  '.preview-indicator{position:sticky;inset-block-start:0;z-index:1001;display:flex;flex-wrap:wrap;align-items:center;' +
  'justify-content:space-between;gap:var(--space-1) var(--space-3);padding:var(--space-2) var(--space-4);' +
  'background:var(--color-warning-surface);border-block-end:2px solid var(--color-warning);color:var(--color-text);' +
  'font-size:var(--font-size-s);line-height:1.4}' +
  '.preview-indicator__text{font-weight:700;overflow-wrap:anywhere}' +
  '.preview-indicator__open{padding:var(--space-1) var(--space-3);border:2px solid var(--color-warning);' +
  'border-radius:var(--radius-m);background:var(--color-background);color:var(--color-warning);font:inherit;' +
  'font-weight:700;cursor:pointer}' +
  '.preview-indicator__open:focus-visible{outline:none;box-shadow:var(--focus-ring)}' +
  '.preview-indicator__open:disabled{cursor:progress;opacity:.7}';
