import { expect, test } from 'vitest';
import { leanAssetRoutes } from './headersFile.ts';
import { isLeanAsset } from '../../shared/securityHeaders.ts';
import { contentTypeOf } from '../../shared/contentTypes.ts';

test('scripts, styles, fonts and raster images are lean assets; pages, SVG, JSON and unknown files are documents', () => {
  for (const file of ['a.js', 'a.css', 'a.woff2', 'a.jpg', 'a.PNG', 'a.webp', 'a.avif', 'a.ico'])
    expect(isLeanAsset(contentTypeOf(file)), file).toBe(true);
  for (const file of ['index.html', 'icons.svg', 'panel-manifest.json', 'robots.txt', '_headers', 'a.exe'])
    expect(isLeanAsset(contentTypeOf(file)), file).toBe(false);
});

test('a folder of lean assets is one rule; lean files beside documents get one rule each; documents none', () => {
  const files = [
    '_astro/a.js',
    '_astro/b.css',
    'newsletter/x.jpg',
    'fragments/de/footer.css',
    'fragments/de/footer.html',
    'favicon.svg',
    'icons.svg',
    'de/index.html',
    'logo.png',
  ];
  expect(leanAssetRoutes(files)).toEqual(['/_astro/*', '/newsletter/*', '/fragments/de/footer.css', '/logo.png']);
});

test('a folder that also holds a document is not covered as a whole', () => {
  expect(leanAssetRoutes(['_astro/a.js', '_astro/sprite.svg'])).toEqual(['/_astro/a.js']);
});
