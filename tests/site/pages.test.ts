import { describe, expect, test } from 'vitest';
import { shops } from '../../src/shared/countries.ts';
import { get, servedPage, textOf } from './support/site.ts';

// Every page a shopper reaches, as served: its status, its language and one heading (docs/footer.md, docs/newsletter.md).
// The rendered accessibility of these pages is the browser layer's (tests/pages.spec.ts).
const pages = [
  { path: '/', lang: 'de-DE' },
  ...shops.flatMap((shop) => [
    { path: `/${shop.segment}/`, lang: shop.locale },
    { path: `/${shop.segment}/checkout/`, lang: shop.locale },
    { path: `/${shop.segment}/service/`, lang: shop.locale },
    { path: `/${shop.segment}/newsletter/confirm/`, lang: shop.locale },
    { path: `/${shop.segment}/newsletter/preferences/`, lang: shop.locale },
    { path: `/${shop.segment}/ui/`, lang: shop.locale },
    // A stand-in for a page of the retailer's site (docs/footer.md#stand-in-pages): every shop links its privacy page.
    { path: `/${shop.segment}${shop.links.privacy}/`, lang: shop.locale },
  ]),
  { path: '/ui/', lang: 'de-DE' },
  // One named `*.html`, served at that very URL.
  { path: '/de/zahlungsarten-s101.html', lang: 'de-DE' },
];

describe('every page', () => {
  test.each(pages)('$path is served in $lang with one h1', async ({ path, lang }) => {
    const { response, document } = await servedPage(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(document.documentElement.getAttribute('lang')).toBe(lang);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(textOf(document.querySelector('h1'))).not.toBe('');
    expect(textOf(document.querySelector('title'))).not.toBe('');
  });
});

test('the country chooser links to every shop, each in its own language', async () => {
  const { document } = await servedPage('/');
  for (const shop of shops) {
    const links = document.querySelectorAll(`a[href="/${shop.segment}/"]`);
    expect(links, shop.segment).toHaveLength(1);
    expect(links[0]!.parentElement!.getAttribute('lang')).toBe(shop.locale);
  }
  const hungary = [...document.querySelectorAll('a')].find((link) => textOf(link).includes('Magyarország'));
  expect(hungary?.getAttribute('href')).toBe('/hu/');
});

test('a shop page without trailing slash redirects, an unknown page gets the 404 page', async () => {
  const redirect = await get('/tr');
  expect([301, 308]).toContain(redirect.status);
  expect(new URL(redirect.headers.get('location')!, 'http://x').pathname).toBe('/tr/');
  const { response, document } = await servedPage('/no-such-page/');
  expect(response.status).toBe(404);
  expect(textOf(document.querySelector('h1'))).toBe('Seite nicht gefunden');
});

test('pages are sent with security headers', async () => {
  const response = await get('/de/');
  const headers = response.headers;
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  expect(headers.get('content-security-policy')).not.toContain('unsafe-inline');
});

test('the skip link leads to the main content, which takes focus', async () => {
  for (const path of ['/de/', '/tr/checkout/', '/hu/service/']) {
    const { document } = await servedPage(path);
    const skip = document.querySelector('a[href="#main"], a[href^="#"]');
    const target = document.getElementById(skip!.getAttribute('href')!.slice(1));
    expect(target?.tagName, path).toBe('MAIN');
    expect(target?.getAttribute('tabindex'), path).toBe('-1');
  }
});
