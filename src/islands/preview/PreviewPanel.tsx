import { useEffect, useId, useRef, useState } from 'react';
import { PREVIEW_LOGIN_RENEW_INTERVAL_MS, renewPreviewLogin } from '../../lib/preview/previewClient.ts';
import type { CheckAuthResponse } from '../../shared/preview/schemas.ts';
import { PreviewSettingsForm } from './PreviewSettingsForm.tsx';
import { activePreviewSummary, isPreviewActive } from './previewFormat.ts';
import './PreviewPanel.css';

interface PreviewPanelProps {
  /** The check-auth answer that let the panel load (status SUCCESS). */
  initialAuth: CheckAuthResponse;
  /** Called after logout, to remove the panel from the page. */
  onLoggedOut: () => void;
}

/**
 * The staff preview panel: an always-visible toggle that names the active preview, and a settings dialog
 * (non-modal, so staff can keep looking at the page) for date, time, A/B test and group.
 */
export function PreviewPanel({ initialAuth, onLoggedOut }: PreviewPanelProps) {
  const [auth, setAuth] = useState(initialAuth);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const dialogId = useId();
  const headingId = useId();

  // The preview login lives only while it is renewed; the panel renews it for as long as it is on the page.
  useEffect(() => {
    const timer = setInterval(() => void renewPreviewLogin(), PREVIEW_LOGIN_RENEW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const active = isPreviewActive(auth);
  return (
    <aside className="preview-panel" aria-label="Staff preview">
      <div ref={dialogRef} id={dialogId} role="dialog" aria-labelledby={headingId} className="preview-panel__dialog" hidden={!open}>
        <h2 id={headingId} className="preview-panel__heading">Preview settings</h2>
        <PreviewSettingsForm auth={auth} onApplied={setAuth} onLoggedOut={onLoggedOut} />
      </div>
      <button
        ref={toggleRef}
        type="button"
        className={['preview-panel__toggle', active ? 'preview-panel__toggle--active' : null].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={dialogId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span className="preview-panel__toggle-title">{active ? 'Preview active' : 'Preview'}</span>
        {active && <span className="preview-panel__toggle-summary">{activePreviewSummary(auth)}</span>}
      </button>
    </aside>
  );
}
