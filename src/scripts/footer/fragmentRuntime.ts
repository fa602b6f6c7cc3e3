// The script of a footer fragment included into a page outside this site (docs/footer.md#fragments). The footer's
// own script comes with the footer; this adds what this site's pages otherwise carry inline, which a host page's CSP
// would block: the island runtime for the country selector, and the marks the inline head script sets.
import './interactionDirectiveGlobal.ts';
import 'astro/runtime/server/astro-island.js';
import { readCookie } from '../../shared/cookies.ts';
import { PLATFORM_COOKIE, platforms } from './platform.ts';

/**
 * The head script's marks (src/lib/footer/headScript.ts), set as soon as this module runs: JavaScript runs, the view
 * the shopper chose, and the reduced footer that an affiliate or app cookie forces.
 */
function markDocument(root: HTMLElement, cookies: string): void {
  root.setAttribute('data-footer-js', '');
  const chosen = platforms.find((platform) => platform === readCookie(cookies, PLATFORM_COOKIE));
  if (chosen && !root.hasAttribute('data-platform')) root.setAttribute('data-platform', chosen);
  // Anywhere in the cookies, as the head script reads them (docs/footer.md#variants).
  if (cookies.includes('affiliateNumber') || cookies.includes('xc-app=new')) root.setAttribute('data-footer-reduced', '');
}

markDocument(document.documentElement, document.cookie);
