import { describe, expect, test } from 'vitest';
import { shopBySegment, shops } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { builtPage, textOf, type HtmlDocument } from './support/site.ts';

// The sign-up form every shop's page carries, as built (docs/newsletter.md#rules-per-shop): a real POST form whose
// fields follow the country table, with the shop's links and texts. What the island does with them (the order errors
// are reported in, focus, hydration) is the browser layer's (tests/newsletter-countries.spec.ts).
const autocomplete = { salutation: 'honorific-prefix', firstName: 'given-name', lastName: 'family-name' } as const;
const section = (document: HtmlDocument, scope = '#newsletter') => document.querySelector(scope)!;

describe.each(shops)('$code: the sign-up form', (shop) => {
  const rules = shop.newsletter;
  const document = builtPage(`/${shop.segment}/`);
  const form = section(document).querySelector('form')!;

  test('posts to the shop, validates on the server, and its button is enabled', () => {
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(`/${shop.segment}/newsletter/sign-up/#newsletter`);
    expect(form.hasAttribute('novalidate')).toBe(true);
    const submit = form.querySelector('button[type="submit"]')!;
    expect(submit.hasAttribute('disabled')).toBe(false);
    expect(textOf(submit)).toBe(translationsFor(shop.locale)('newsletter.submit'));
  });

  test('asks for the fields its rules name, with their autocomplete tokens', () => {
    const email = form.querySelector('input[name="newsletterEmail"]')!;
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    for (const [name, token] of Object.entries(autocomplete)) {
      const field = form.querySelector(`[name="${name}"]`);
      if (!rules.showsPersonalFields) {
        expect(field, name).toBeNull();
        continue;
      }
      expect(field?.getAttribute('autocomplete'), name).toBe(token);
      expect(field?.hasAttribute('disabled'), name).toBe(false);
    }
    if (rules.showsPersonalFields) {
      const options = [...form.querySelectorAll('select[name="salutation"] option:not([value=""])')];
      expect(options.map((option) => option.getAttribute('value'))).toEqual(['MRS', 'MR', 'DIVERS', 'COMPANY']);
      expect(form.querySelector('select[name="salutation"]')!.hasAttribute('required')).toBe(rules.requiresSalutation);
      for (const name of ['firstName', 'lastName'])
        expect(form.querySelector(`[name="${name}"]`)!.hasAttribute('required'), name).toBe(rules.requiresNames);
    }
    expect(form.querySelectorAll('input[type="checkbox"][name="legals"][value="NEWSLETTER"]')).toHaveLength(
      rules.requiresCommercialConsent ? 1 : 0,
    );
    expect(form.querySelectorAll('input[type="checkbox"][name="consents"][value="DNE"]')).toHaveLength(1);
    expect(textOf(section(document))).toMatch(new RegExp(`\\b${rules.minimumAge}\\b`));
  });

  test("links the country table's pages, under the shop's segment", () => {
    const hrefs = [...section(document).querySelectorAll('a')].map((link) => link.getAttribute('href'));
    for (const [name, path] of Object.entries(shop.links)) expect(hrefs, name).toContain(`/${shop.segment}${path}`);
  });

  test('is the one sign-up form of the page: the footer leaves its own out', () => {
    expect(document.querySelectorAll('#newsletter')).toHaveLength(1);
    expect(document.querySelectorAll('.newsletter-section')).toHaveLength(1);
    expect(document.querySelectorAll('footer [data-footer-newsletter]')).toHaveLength(0);
    expect(textOf(section(document))).not.toContain('{{');
  });
});

test("a content page without a sign-up section carries the footer's", () => {
  const document = builtPage('/de/service/');
  expect(document.querySelectorAll('.newsletter-section')).toHaveLength(1);
  expect(document.querySelectorAll('footer [data-footer-newsletter] .newsletter-section')).toHaveLength(1);
  expect(document.querySelector('footer [data-footer-newsletter] form')!.getAttribute('action')).toBe(
    '/de/newsletter/sign-up/#newsletter-footer',
  );
});

test('checkout, the confirmation and the preferences page keep their footers without a sign-up form', () => {
  for (const path of ['/de/checkout/', '/de/newsletter/confirm/', '/de/newsletter/preferences/']) {
    const document = builtPage(path);
    expect(document.querySelectorAll('footer[data-shop-footer]'), path).toHaveLength(1);
    expect(document.querySelectorAll('footer [data-footer-newsletter]'), path).toHaveLength(0);
  }
});

test('pictures are lazy, sized, in a <picture> with the 1024 and 767 px sources', () => {
  const picture = builtPage('/de/').querySelector('#newsletter picture')!;
  for (const width of [1024, 767])
    expect(picture.querySelector(`source[media="(min-width: ${width}px)"]`)!.getAttribute('srcset')).toMatch(
      /\/newsletter\/\w+\.jpg$/,
    );
  const img = picture.querySelector('img')!;
  expect(img.getAttribute('loading')).toBe('lazy');
  expect(img.getAttribute('width')).toMatch(/^\d+$/);
  expect(img.getAttribute('height')).toMatch(/^\d+$/);
});

describe('copy as the shopper reads it (the catalogue rules: src/i18n/copy.test.ts)', () => {
  test('/de/: the voucher footnote names the conditions once, as its link', () => {
    const footnotes = [...section(builtPage('/de/')).querySelectorAll('p')].filter((p) =>
      [...p.querySelectorAll('a')].some((link) => textOf(link) === 'Gutscheinbedingungen'),
    );
    expect(footnotes).toHaveLength(1);
    const text = textOf(footnotes[0]);
    expect(text.match(/Gutscheinbedingungen/g)).toHaveLength(1);
    expect(text).toMatch(/je E-Mail-Adresse nur einmal vergeben\. Gutscheinbedingungen$/);
  });

  test('/tr/ and /pl/: the trade name of the country table is the TR sender and the PL data controller', () => {
    const tr = shopBySegment('tr')!;
    const consent = section(builtPage('/tr/')).querySelector('input[name="legals"]')!;
    const label = builtPage('/tr/').querySelector(`label[for="${consent.getAttribute('id')}"]`);
    expect(textOf(label)).toContain(`${tr.tradeName} tarafından e-posta adresime`);
    const pl = shopBySegment('pl')!;
    expect(textOf(section(builtPage('/pl/')).querySelector('.newsletter-form__privacy'))).toContain(
      `Administratorem Twoich danych osobowych jest ${pl.tradeName},`,
    );
  });

  test.each([
    ['cz', 'Doprava zdarma při nákupu od 999\u00a0Kč.'],
    ['tr', '1.000\u00a0TL ve üzeri siparişlerde kargo ücretsiz.'],
    ['de', null],
    ['hu', null],
  ] as const)(
    "/%s/ui/: the gallery's free-shipping sample is the country table's, not invented",
    (segment, expected) => {
      const shop = shopBySegment(segment)!;
      const gallery = builtPage(`/${segment}/ui/`);
      const specimen = [...gallery.querySelectorAll('.ui-gallery__specimen')].find((figure) =>
        textOf(figure.querySelector('figcaption')).includes('variant="information" transparent customIcon="truck"'),
      );
      // A shop without a threshold shows its delivery time instead of an amount it does not offer.
      expect(specimen?.textContent).toContain(
        expected ?? translationsFor(shop.locale)('ui.gallery.sample.information'),
      );
      expect(gallery.querySelector('.ui-gallery')!.textContent).not.toMatch(
        /\d[\s\u00a0]*(€|Ft)\s*(Bestellwert|feletti)/u,
      );
    },
  );
});
