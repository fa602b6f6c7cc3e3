// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import { setUpConsentLinks } from './consent.ts';

// Which consent settings the footer's consent link opens (docs/footer.md#consent-management): a consent manager the
// site loaded, else the footer's own dialog; the link's own page is not opened either way. The dialog itself (focus
// inside and trapped, Escape, the stored choice) is the browser layer's (tests/footer-interactions.spec.ts).

function footer(): { link: HTMLAnchorElement; dialog: HTMLDialogElement } {
  document.body.innerHTML = `<footer data-shop-footer>
    <nav><a href="/de/privacy" data-consent-link>Cookie-Einstellungen</a></nav>
    <dialog data-consent-dialog><form method="dialog">
      <input type="checkbox" name="consent" value="statistics"><button type="submit">Speichern</button>
      <button type="button" data-consent-close>Schließen</button></form></dialog></footer>`;
  const root = document.querySelector('footer')!;
  setUpConsentLinks(root);
  return { link: root.querySelector('a')!, dialog: root.querySelector('dialog')! };
}
/** Clicks the link; answers whether the browser would still follow it. */
const click = (link: HTMLAnchorElement) =>
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

afterEach(() => {
  delete window.consentManager;
});

test('a consent manager present on the page is opened instead of the dialog', () => {
  const showSettings = vi.fn();
  window.consentManager = { showSettings };
  const { link, dialog } = footer();
  const showModal = vi.spyOn(dialog, 'showModal');
  expect(click(link), 'the link is not followed').toBe(false);
  expect(showSettings).toHaveBeenCalledTimes(1);
  expect(showModal).not.toHaveBeenCalled();
});

test("without one, the footer's own dialog opens", () => {
  const { link, dialog } = footer();
  const showModal = vi.spyOn(dialog, 'showModal');
  expect(click(link), 'the link is not followed').toBe(false);
  expect(showModal).toHaveBeenCalledTimes(1);
});
