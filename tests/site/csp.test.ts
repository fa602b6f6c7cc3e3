import { describe, expect, test } from 'vitest';
import { shops } from '../../src/shared/countries.ts';
import { cspHash } from '../../src/shared/csp.ts';
import { servedPage } from './support/site.ts';

// Every page's Content-Security-Policy allows its own inline code and nothing else (docs/security.md): each inline
// script and style of the page is named by its hash, no `unsafe-inline`, no framing. That the islands then hydrate
// without a violation is the browser layer's (tests/pages.spec.ts).
const pages = [
  '/',
  '/ui/',
  '/preview/login/',
  ...shops.flatMap((shop) => [
    `/${shop.segment}/`,
    `/${shop.segment}/checkout/`,
    `/${shop.segment}/service/`,
    `/${shop.segment}/newsletter/confirm/`,
    `/${shop.segment}/newsletter/preferences/`,
    `/${shop.segment}/ui/`,
  ]),
];

/** The sources a directive of `policy` allows. */
function sources(policy: string, directive: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}

describe('every page', () => {
  test.each(pages)('%s names the hash of each of its inline scripts and styles', async (path) => {
    const { response, document } = await servedPage(path);
    const header = response.headers.get('content-security-policy') ?? '';
    expect(header).toContain("frame-ancestors 'none'");
    expect(header).not.toContain('unsafe-inline');
    const inlineScripts = [...document.querySelectorAll('script:not([src])')];
    const inlineStyles = [...document.querySelectorAll('style')];
    // Shop pages carry the footer's inline head script; a page without any would make this check empty.
    if (/^\/[a-z-]+\/$/.test(path)) expect(inlineScripts.length).toBeGreaterThan(0);
    for (const script of inlineScripts)
      expect(sources(header, 'script-src'), `${path}: ${script.textContent?.slice(0, 60)}`).toContain(
        `'${await cspHash(script.textContent ?? '')}'`,
      );
    for (const style of inlineStyles)
      expect(sources(header, 'style-src'), `${path}: ${style.textContent?.slice(0, 60)}`).toContain(
        `'${await cspHash(style.textContent ?? '')}'`,
      );
    // No inline event handler or javascript: URL, which no hash can allow.
    expect(document.querySelectorAll('[onclick],[onload],[onerror],[onsubmit],[onchange]')).toHaveLength(0);
    expect(document.querySelectorAll('a[href^="javascript:"]')).toHaveLength(0);
  });
});
