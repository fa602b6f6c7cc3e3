import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { shops, type Shop } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { shopFactValues } from '../../src/shared/footer/shopFacts.ts';
import { countryItems, currentCountryCode } from '../../src/lib/footer/countryList.ts';
import { builtPage, collapsed, get, type HtmlDocument, type HtmlElement, parse, textOf } from './support/site.ts';

// Every shop's footer as built (docs/footer.md): the CMS content in the shop's language with the country table's
// facts, its links and images, the country selector's list. How the footer behaves (panels, consent dialog, country
// switch, the reduced footer forced by cookie) and its rendered accessibility are the browser layer's
// (tests/footer-*.spec.ts); axe's structural rules on every shop's pages are in tests/site/axe.test.ts.

const seed = (segment: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../server/seed/footer/${segment}.json`), 'utf8'));
const footerOf = (document: HtmlDocument) => document.querySelector('footer[data-shop-footer]')!;
/** The `<a>` elements under `root` whose text is `text`. */
const linksNamed = (root: HtmlElement, text: string) =>
  [...root.querySelectorAll('a')].filter((link) => textOf(link) === collapsed(text));

describe.each(shops)('$segment', (shop: Shop) => {
  const t = translationsFor(shop.locale);

  test(`the footer: CMS content in ${shop.locale}, its own facts, safe links, sized images that are served`, async () => {
    const footer = footerOf(builtPage(`/${shop.segment}/`));
    const content = seed(shop.segment);
    expect(footer.getAttribute('data-footer-source')).toBe('cms');
    expect([...footer.querySelectorAll('h2')].map(textOf)).toContain(collapsed(content.headline));
    // The country table's facts, filled into the CMS texts (docs/footer.md#shop-facts).
    const text = textOf(footer);
    for (const fact of Object.values(shopFactValues(shop))) expect(text).toContain(collapsed(fact));
    const legal = footer.querySelector(`nav[aria-label="${t('footer.legalNav')}"]`)!;
    expect(legal, 'the legal navigation, named in the shop language').not.toBeNull();
    // The CMS's shop-relative paths, under the shop's segment (docs/footer.md#links-to-the-retailers-site).
    for (const link of content.legalLinks as { url: string; text: string }[]) {
      const href = link.url.startsWith('/') ? `/${shop.segment}${link.url}` : link.url;
      expect(linksNamed(legal, link.text).map((a) => a.getAttribute('href'))).toEqual([href]);
    }
    // Coffee-subscription cancellation exists only in DE, AT and CH (both Swiss shops).
    const cancels = content.legalLinks.filter((link: { kind: string }) => link.kind === 'subscriptionCancellation');
    expect(cancels.length > 0).toBe(['DE', 'AT', 'CH'].includes(currentCountryCode(shop)));

    for (const link of footer.querySelectorAll('a[href]'))
      expect(link.getAttribute('href')).toMatch(/^(\/(?!\/)|https:|http:|mailto:|tel:|#top$)/);
    const images = [...footer.querySelectorAll('img')];
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.getAttribute('width'), image.outerHTML).toMatch(/^\d+$/);
      expect(image.getAttribute('height'), image.outerHTML).toMatch(/^\d+$/);
    }
    for (const src of new Set(images.map((image) => image.getAttribute('src')!))) {
      const response = await get(src);
      expect(response.status, src).toBe(200);
      expect(response.headers.get('content-type'), src).toMatch(/^image\//);
    }
  });

  test('the country selector: every country in the shop language, the shop selected, the same list as plain links', () => {
    const footer = footerOf(builtPage(`/${shop.segment}/`));
    const items = countryItems(shop, t('footer.country.other'));
    expect(items).toHaveLength(34);
    const select = footer.querySelector(`.footer-country select[name="country"]`)!;
    expect(textOf(footer.querySelector(`label[for="${select.id}"]`))).toBe(t('footer.country.label'));
    const options = [...select.querySelectorAll('option')];
    expect(options.map((option) => option.getAttribute('value'))).toEqual(items.map((item) => item.code));
    expect(options.map(textOf)).toEqual(items.map((item) => collapsed(`${item.flag} ${item.label}`)));
    expect(options.filter((option) => option.hasAttribute('selected')).map((o) => o.getAttribute('value'))).toEqual([
      currentCountryCode(shop),
    ]);
    // Without JavaScript: a disclosure of plain links, the shop's own marked current.
    const links = [...footer.querySelectorAll('.footer-country details a')];
    expect(textOf(footer.querySelector('.footer-country summary'))).toContain(t('footer.country.change'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(items.map((item) => item.href));
    expect(links.filter((link) => link.getAttribute('aria-current') === 'true').map(textOf)).toHaveLength(1);
  });
});

test('the lists say what a shopper reads: CH-FR names Austria in French, PL sends France to the international site', () => {
  const chFr = footerOf(builtPage('/ch-fr/'));
  expect(textOf(chFr.querySelector('.footer-country select option[value="AT"]'))).toMatch(/Autriche/);
  const pl = footerOf(builtPage('/pl/'));
  expect(pl.querySelector('.footer-country select option[value="FR"]')).not.toBeNull();
  expect(
    linksNamed(pl, `🇫🇷 ${new Intl.DisplayNames(['pl'], { type: 'region' }).of('FR')}`)[0]?.getAttribute('href'),
  ).toBe('https://international.aroma.example/?country=fr');
});

test("DE's three quality logos come from the footer image service, each an 80 px image", async () => {
  const logos = [...footerOf(builtPage('/de/')).querySelectorAll('.footer-logos img')];
  expect(logos).toHaveLength(3);
  for (const logo of logos) {
    const response = await get(logo.getAttribute('src')!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const svg = parse(await response.text()).querySelector('svg')!;
    expect(svg.getAttribute('width'), logo.getAttribute('src')!).toBe('80');
  }
});

test("the footer's only island is the country selector; everything else is static HTML", () => {
  // (The shop page carries its own sign-up section, so the footer leaves its sign-up form out.)
  const islands = [...footerOf(builtPage('/de/')).querySelectorAll('astro-island')].map(
    (island) => /\/(\w+)\.[\w-]+\.js$/.exec(island.getAttribute('component-url') ?? '')?.[1],
  );
  expect(islands).toEqual(['CountrySelector']);
});
