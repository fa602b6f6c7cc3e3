import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import {
  documentOnlyHeaders,
  everyResponseHeaders,
  strictTransportSecurity,
} from '../../src/shared/securityHeaders.ts';
import { get, servedPage, siteDir } from './support/site.ts';

// Where the security headers and the page's own policy stand (docs/security.md): the CSP `<meta>` before any inline
// script it must cover, and the release's `_headers` file (for a static host) splitting the headers between pages and
// hashed assets as the server does.

test.each(['/de/', '/tr/', '/ch-fr/', '/preview/login/', '/ui/'])(
  '%s: the CSP <meta> comes in <head> before every inline script, so the policy covers them all',
  async (pagePath) => {
    const { document } = await servedPage(pagePath);
    // In document order: the policy first, then every inline script.
    const inOrder = [...document.querySelectorAll('meta[http-equiv], script:not([src])')].filter(
      (element) =>
        element.tagName === 'SCRIPT' || element.getAttribute('http-equiv')?.toLowerCase() === 'content-security-policy',
    );
    expect(inOrder[0]?.tagName).toBe('META');
    expect(inOrder[0]!.parentElement?.tagName).toBe('HEAD');
    expect(inOrder.filter((element) => element.tagName === 'META')).toHaveLength(1);
    // The shop pages carry the inline footer script that used to come first.
    if (pagePath !== '/preview/login/' && pagePath !== '/ui/') expect(inOrder.length).toBeGreaterThan(1);
  },
);

test('the built _headers and the server split the security headers alike: all on pages, only its own on a hashed script', async () => {
  const blocks = fs.readFileSync(path.join(siteDir, '_headers'), 'utf8').split('\n\n');
  const { response: page, document } = await servedPage('/de/');
  for (const [name, value] of Object.entries({ ...everyResponseHeaders, ...documentOnlyHeaders })) {
    expect(blocks[0]).toContain(`  ${name}: ${value}`);
    expect(page.headers.get(name)).toBe(value);
  }
  expect(blocks[0]).toMatch(/\n {2}Strict-Transport-Security: max-age=\d+; includeSubDomains/);

  const script = document.querySelector('script[type="module"][src^="/_astro/"]')!.getAttribute('src')!;
  const asset = await get(script);
  const documentHeaders = [
    ...Object.keys(documentOnlyHeaders),
    ...Object.keys(strictTransportSecurity),
    'Content-Security-Policy',
  ];
  expect(documentHeaders.filter((name) => asset.headers.has(name))).toEqual([]);
  expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  const hashed = blocks.find((block) => block.startsWith('/_astro/*\n'));
  for (const name of documentHeaders) expect(hashed).toContain(`\n  ! ${name}`);
  expect(hashed).toContain('\n  Cache-Control: public, max-age=31536000, immutable');
});
