import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CheckAuthResponse } from '../../shared/preview/schemas.ts';
import { PreviewPanel } from './PreviewPanel.tsx';

/** Survives the reload after an apply, so the panel opens again with its success notice. */
const APPLIED_FLAG = 'preview-panel-applied';

/** The preview render's indicator and its panel button, when the page has them (docs/preview.md#indicator). */
function indicatorDock(): { element: HTMLElement; toggle: HTMLButtonElement } | undefined {
  const element = document.querySelector<HTMLElement>('[data-preview-indicator]');
  const toggle = element?.querySelector<HTMLButtonElement>('[data-preview-open]');
  return element && toggle ? { element, toggle } : undefined;
}

/**
 * Renders the staff preview panel (docked under the indicator of a preview render, else in its corner); logout
 * removes it again. A successful apply reloads the page, so the new preview moment shows at once
 * (docs/preview.md#settings-form).
 */
export function mountPreviewPanel(auth: CheckAuthResponse): void {
  const container = document.createElement('div');
  container.className = 'preview-panel-root';
  // First in the body: on a phone the panel is a row of the page's own (PreviewPanel.css); elsewhere it is fixed.
  document.body.prepend(container);
  const root = createRoot(container);
  const remove = () => {
    root.unmount();
    container.remove();
  };
  const appliedBefore = sessionStorage.getItem(APPLIED_FLAG) === '1';
  sessionStorage.removeItem(APPLIED_FLAG);
  const reload = () => {
    sessionStorage.setItem(APPLIED_FLAG, '1');
    location.reload();
  };
  root.render(
    <StrictMode>
      <PreviewPanel
        initialAuth={auth}
        onLoggedOut={remove}
        onApplied={reload}
        appliedBefore={appliedBefore}
        dock={indicatorDock()}
      />
    </StrictMode>,
  );
}
