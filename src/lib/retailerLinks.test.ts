import { describe, expect, test } from 'vitest';
import { shops, shopBySegment } from '../shared/countries.ts';
import { translationsFor } from '../shared/i18n.ts';
import { retailerPath } from '../shared/retailerSite.ts';
import { shopHref, standInNotFound, standInPages } from './retailerLinks.ts';

const chFr = shopBySegment('ch-fr')!;

describe("links to the retailer's site (docs/footer.md#links-to-the-retailers-site)", () => {
  test("a shop-relative path is rendered under the shop's segment, query and fragment kept", () => {
    expect(shopHref(chFr, '/mentions-legales')).toBe('/ch-fr/mentions-legales');
    expect(shopHref(chFr, '/livraison-s102.html?question=suivi')).toBe('/ch-fr/livraison-s102.html?question=suivi');
  });

  test("with RETAILER_ORIGIN, a page of the retailer's leads there; this site's own pages stay here", () => {
    const retailer = 'https://www.aroma.example';
    expect(shopHref(chFr, '/mentions-legales', retailer)).toBe('https://www.aroma.example/ch-fr/mentions-legales');
    expect(shopHref(chFr, '/livraison-s102.html?question=suivi', retailer)).toBe(
      'https://www.aroma.example/ch-fr/livraison-s102.html?question=suivi',
    );
    expect(shopHref(chFr, '/service/storefinder/', retailer)).toBe(
      'https://www.aroma.example/ch-fr/service/storefinder/',
    );
    for (const own of ['/', '/checkout/', '/service/', '/newsletter/preferences/', '/ui/'])
      expect(shopHref(chFr, own, retailer), own).toBe(`/ch-fr${own}`);
    expect(shopHref(chFr, 'mailto:service@aroma.example', retailer)).toBe('mailto:service@aroma.example');
  });

  test.each([
    'https://www.instagram.com/aroma.example',
    'tel:+41441234567',
    'mailto:service@aroma.example',
    '#top',
    '//evil.example/x',
  ])('%s stays as it is', (url) => expect(shopHref(chFr, url)).toBe(url));

  test('the stand-in path of a link drops query and fragment; absolute URLs and the home page have none', () => {
    expect(retailerPath('/lieferung-s102.html?question=x#y')).toBe('/lieferung-s102.html');
    expect(retailerPath('/')).toBeUndefined();
    expect(retailerPath('https://example.com/impressum')).toBeUndefined();
  });

  test('stand-in pages: one per path, named by the first text it is linked with, own pages left out', () => {
    const pages = standInPages(
      [
        { url: '/zahlungsarten-s101.html', text: 'Zahlungsarten' },
        { url: '/zahlungsarten-s101.html?question=rechnung', text: 'Kauf auf Rechnung' },
        { url: '/service/', text: 'Service' },
        { url: 'tel:+494012345678', text: 'Anrufen' },
      ],
      (path) => path === '/service/',
    );
    expect([...pages]).toEqual([['/zahlungsarten-s101.html', 'Zahlungsarten']]);
  });

  test.each(shops.map((shop) => [shop.segment, shop] as const))(
    '%s: a path that is no stand-in answers 404, one line of plain text in the shop language',
    async (_segment, shop) => {
      const answer = standInNotFound(shop);
      expect([answer.status, answer.headers.get('content-type'), await answer.text()]).toEqual([
        404,
        'text/plain; charset=utf-8',
        translationsFor(shop.locale)('notFound.text'),
      ]);
    },
  );
});
