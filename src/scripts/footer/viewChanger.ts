import { REMEMBERED_CHOICE_MAX_AGE_SECONDS } from '../../shared/cookieLifetime.ts';
import { isPlatform, PLATFORM_COOKIE } from '../../lib/footer/platform.ts';
import { currentPlatform } from './currentPlatform.ts';

/**
 * The view changer's buttons set the platform for this site and reload, so the page is shown for that platform.
 * They need JavaScript, so they start hidden; only the one leading away from the current view is shown.
 */
export function setUpViewChanger(root: ParentNode, doc: Document = document): void {
  const classic = currentPlatform(doc) === 'CLASSIC';
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-view-change]')) {
    button.hidden = classic === (button.dataset.viewChange === 'CLASSIC');
    button.addEventListener('click', () => {
      const platform = button.dataset.viewChange;
      if (!isPlatform(platform)) return;
      doc.cookie = `${PLATFORM_COOKIE}=${platform}; path=/; max-age=${REMEMBERED_CHOICE_MAX_AGE_SECONDS}; samesite=lax`;
      doc.defaultView?.location.reload();
    });
  }
}
