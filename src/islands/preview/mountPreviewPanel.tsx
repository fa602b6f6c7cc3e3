import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CheckAuthResponse } from '../../shared/preview/schemas.ts';
import { PreviewPanel } from './PreviewPanel.tsx';

/** Renders the staff preview panel at the end of the page; logout removes it again. */
export function mountPreviewPanel(auth: CheckAuthResponse): void {
  const container = document.createElement('div');
  container.className = 'preview-panel-root';
  document.body.append(container);
  const root = createRoot(container);
  const remove = () => {
    root.unmount();
    container.remove();
  };
  root.render(
    <StrictMode>
      <PreviewPanel initialAuth={auth} onLoggedOut={remove} />
    </StrictMode>,
  );
}
