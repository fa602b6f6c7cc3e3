// The script of a footer fragment included into a page outside this site (docs/footer.md#fragments): the footer's
// own script, the island runtime for the country selector, and the marks this site's pages set with their inline head
// script, which a host page's CSP would block.
import '../islands/islandRuntime.ts';
import './footerClient.ts';
import { readCookie } from '../../shared/cookies.ts';
import { PLATFORM_COOKIE, platforms } from '../../lib/footer/platform.ts';

/**
 * The head script's marks (src/lib/footer/headScript.ts), set as soon as this module runs: JavaScript runs, the view
 * the shopper chose, and the reduced footer that an affiliate or app cookie forces.
 */
function markDocument(root: HTMLElement, cookies: string): void {
  root.setAttribute('data-footer-js', '');
  const chosen = platforms.find((platform) => platform === readCookie(cookies, PLATFORM_COOKIE));
  if (chosen && !root.hasAttribute('data-platform')) root.setAttribute('data-platform', chosen);
  // Anywhere in the cookies, as the head script reads them (docs/footer.md#variants).
  if (cookies.includes('affiliateNumber') || cookies.includes('xc-app=new'))
    root.setAttribute('data-footer-reduced', '');
}

markDocument(document.documentElement, document.cookie);
