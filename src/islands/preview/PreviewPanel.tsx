import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
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
  /** Called after a successful apply (the page then reloads to show the new moment). */
  onApplied?: () => void;
  /** Open with "Settings applied successfully." (the page was reloaded after an apply). */
  appliedBefore?: boolean;
  /**
   * The preview render's indicator (docs/preview.md#indicator): its button becomes the toggle and the dialog opens
   * under it. Without it (static pages) the panel has its own toggle in the corner.
   */
  dock?: { element: HTMLElement; toggle: HTMLButtonElement };
}

/**
 * The staff preview panel: an always-visible toggle that names the active preview, and a settings dialog
 * (non-modal, so staff can keep looking at the page) for date, time, A/B test and group.
 */
export function PreviewPanel({ initialAuth, onLoggedOut, onApplied, appliedBefore = false, dock }: PreviewPanelProps) {
  const [auth, setAuth] = useState(initialAuth);
  const [open, setOpen] = useState(appliedBefore);
  const ownToggleRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const dialogId = useId();
  const headingId = useId();

  // The preview login lives only while it is renewed; the panel renews it for as long as it is on the page.
  useEffect(() => {
    const timer = setInterval(() => void renewPreviewLogin(), PREVIEW_LOGIN_RENEW_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  // The indicator's button is rendered by the page, disabled until the panel is here to answer it.
  useEffect(() => {
    if (!dock) return;
    const { toggle } = dock;
    const onClick = () => setOpen((wasOpen) => !wasOpen);
    toggle.toggleAttribute('disabled', false);
    toggle.setAttribute('aria-controls', dialogId);
    toggle.addEventListener('click', onClick);
    return () => {
      toggle.removeEventListener('click', onClick);
      toggle.toggleAttribute('disabled', true);
    };
  }, [dock, dialogId]);

  useEffect(() => {
    dock?.toggle.setAttribute('aria-expanded', String(open));
  }, [dock, open]);

  useEffect(() => {
    if (!open) return;
    dialogRef.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      (dock?.toggle ?? ownToggleRef.current)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, dock]);

  const applied = (fresh: CheckAuthResponse) => {
    setAuth(fresh);
    onApplied?.();
  };
  const active = isPreviewActive(auth);
  const dialog = (
    <div
      ref={dialogRef}
      id={dialogId}
      role="dialog"
      aria-labelledby={headingId}
      className="preview-panel__dialog"
      hidden={!open}
    >
      <h2 id={headingId} className="preview-panel__heading">
        Preview settings
      </h2>
      <PreviewSettingsForm auth={auth} onApplied={applied} onLoggedOut={onLoggedOut} appliedBefore={appliedBefore} />
    </div>
  );
  if (dock) {
    return createPortal(
      <aside className="preview-panel preview-panel--docked" aria-label="Staff preview">
        {dialog}
      </aside>,
      dock.element,
    );
  }
  return (
    <aside className="preview-panel" aria-label="Staff preview">
      {dialog}
      <button
        ref={ownToggleRef}
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
