import { readCookie } from '../../shared/cookies.ts';
import { REMEMBERED_CHOICE_MAX_AGE_SECONDS } from '../../shared/cookieLifetime.ts';

/** A consent manager a site may load (for example a CMP script); the footer only needs a way to open it. */
interface ConsentManager {
  showSettings: () => void;
}
declare global {
  interface Window {
    consentManager?: ConsentManager;
  }
}

/** Cookie the product's own consent dialog stores the choice in. */
const CONSENT_COOKIE = 'consent_choices';

/**
 * The consent-management legal link is a real link to the privacy page; with JavaScript it opens consent settings:
 * the site's consent manager when one is present, else the footer's own `<dialog>` (modal: focus stays inside,
 * Escape closes it, focus returns to the link).
 */
export function setUpConsentLinks(root: ParentNode, doc: Document = document): void {
  const dialog = root.querySelector<HTMLDialogElement>('[data-consent-dialog]');
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-consent-link]')) {
    link.addEventListener('click', (event) => {
      const manager = doc.defaultView?.consentManager;
      if (manager && typeof manager.showSettings === 'function') {
        event.preventDefault();
        manager.showSettings();
      } else if (dialog) {
        event.preventDefault();
        restoreChoices(dialog, doc.cookie);
        dialog.showModal();
      }
    });
  }
  if (!dialog) return;
  trapFocus(dialog);
  dialog.querySelector('[data-consent-close]')?.addEventListener('click', () => dialog.close());
  dialog.querySelector('form')?.addEventListener('submit', () => {
    // `method="dialog"` closes the dialog; the choice is kept for `REMEMBERED_CHOICE_MAX_AGE_SECONDS`.
    const chosen = [...dialog.querySelectorAll<HTMLInputElement>('input[name="consent"]:checked:not(:disabled)')].map(
      (input) => input.value,
    );
    doc.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(chosen.join(','))}; path=/; max-age=${REMEMBERED_CHOICE_MAX_AGE_SECONDS}; samesite=lax`;
  });
}

function restoreChoices(dialog: HTMLDialogElement, cookies: string): void {
  const stored = readCookie(cookies, CONSENT_COOKIE);
  if (!stored) return;
  const chosen = stored.split(',');
  for (const input of dialog.querySelectorAll<HTMLInputElement>('input[name="consent"]:not(:disabled)'))
    input.checked = chosen.includes(input.value);
}

/** A modal `<dialog>` keeps focus out of the page, but Tab may still leave for the browser's own UI: wrap it around. */
function trapFocus(dialog: HTMLDialogElement): void {
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button, input:not(:disabled), a[href]')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
}
