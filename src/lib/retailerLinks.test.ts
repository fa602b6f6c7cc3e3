import { describe, expect, test } from 'vitest';
import { shopBySegment } from '../shared/countries.ts';
import { retailerPath, shopHref, standInPages } from './retailerLinks.ts';

const chFr = shopBySegment('ch-fr')!;

describe("links to the retailer's site (docs/footer.md#links-to-the-retailers-site)", () => {
  test("a shop-relative path is rendered under the shop's segment, query and fragment kept", () => {
    expect(shopHref(chFr, '/mentions-legales')).toBe('/ch-fr/mentions-legales');
    expect(shopHref(chFr, '/livraison-s102.html?question=suivi')).toBe('/ch-fr/livraison-s102.html?question=suivi');
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
});
