import { PLATFORM_COOKIE, platforms } from './platform.ts';

/**
 * The tiny inline head script (a string, so the page carries it inline and its CSP hash covers it). It runs before
 * first paint so neither decision makes the footer jump: the platform the view changer stored (unless the page
 * already has a platform attribute) and the reduced footer a cookie with `affiliateNumber` or `xc-app=new` forces.
 * It also marks that JavaScript runs (`data-footer-js`), so CSS can show the panels collapsed from the first paint.
 */
export const footerHeadScript =
  `(function(d,c){d.setAttribute('data-footer-js','');var m=/(?:^|;\\s*)${PLATFORM_COOKIE}=(${platforms.join('|')})(?:;|$)/.exec(c);` +
  `if(m&&!d.hasAttribute('data-platform'))d.setAttribute('data-platform',m[1]);` +
  `if(c.indexOf('affiliateNumber')>-1||c.indexOf('xc-app=new')>-1)d.setAttribute('data-footer-reduced','')})(document.documentElement,document.cookie)`;
