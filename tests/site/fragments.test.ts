import { describe, expect, test } from 'vitest';
import { shops } from '../../src/shared/countries.ts';
import { get, parse } from './support/site.ts';

// The footer fragments another application of the shop includes server-side (docs/footer.md#fragments), for every
// shop: markup to put into a page, not a page, with one stylesheet and only script files, so that a host page with a
// strict policy (no inline code, no hashes) can take them. That they work there is the browser layer's
// (tests/footer-fragments.spec.ts).

const fragments = shops.flatMap((shop) =>
  (['footer', 'footer-reduced'] as const).map((name) => ({
    segment: shop.segment,
    name,
    path: `/fragments/${shop.segment}/${name}.html`,
  })),
);

describe('every shop has both fragments', () => {
  test.each(fragments)(
    '$path: one stylesheet, only script files, none of them empty',
    async ({ segment, name, path }) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      // Put into a page as a host would: a fragment that were a document of its own would add a second html or head.
      expect(html.trimStart().toLowerCase().startsWith('<!doctype')).toBe(false);
      const document = parse(`<!doctype html><html><head></head><body>${html}</body></html>`);
      expect([...document.querySelectorAll('html, head, body')].map((element) => element.tagName)).toEqual([
        'HTML',
        'HEAD',
        'BODY',
      ]);

      expect([...document.querySelectorAll('link')].map((link) => link.outerHTML)).toEqual([
        `<link rel="stylesheet" href="/fragments/${segment}/${name}.css">`,
      ]);
      expect([...document.querySelectorAll('style, script:not([src])')].map((element) => element.outerHTML)).toEqual(
        [],
      );
      const footers = document.querySelectorAll('footer[data-shop-footer]');
      expect(footers).toHaveLength(1);
      expect(footers[0]!.getAttribute('data-variant')).toBe(name === 'footer' ? 'full' : 'reduced');

      const scripts = [...document.querySelectorAll('script[src]')];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.getAttribute('type')).toBe('module');
      for (const file of [`/fragments/${segment}/${name}.css`, ...scripts.map((s) => s.getAttribute('src')!)]) {
        const asset = await get(file);
        expect(asset.status, file).toBe(200);
        expect((await asset.arrayBuffer()).byteLength, file).toBeGreaterThan(0);
      }
    },
  );
});
