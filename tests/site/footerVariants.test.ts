import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { shops, type Shop } from '../../src/shared/countries.ts';
import { shopFactValues } from '../../src/shared/footer/shopFacts.ts';
import { builtPage, collapsed, type HtmlDocument, type HtmlElement, textOf } from './support/site.ts';

// The full footer of a content page and the reduced one of checkout, as built for every shop (docs/footer.md#variants):
// checkout leaves out the sign-up, the teasers, the category links, the icons and the groups marked
// hideGroupInCheckout; the service links, the legal links and the sales-tax note stay. The reduced footer that a cookie
// forces on a page built with the full one is the browser layer's (tests/footer-reduced.spec.ts).

interface TeaserGroup {
  heading: { text: string };
  hideGroupInCheckout: boolean;
  introductoryText?: string;
  links: { text: string }[];
}
const seed = (segment: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../server/seed/footer/${segment}.json`), 'utf8'));
const footerOf = (document: HtmlDocument) => document.querySelector('footer[data-shop-footer]')!;
// A panel's heading holds its text twice: in the toggle (phones) and in the title (desktops).
const headings = (footer: HtmlElement) => [...footer.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(textOf);
const hasHeading = (footer: HtmlElement, text: string) => headings(footer).some((heading) => heading.includes(text));
const linkTexts = (footer: HtmlElement) => [...footer.querySelectorAll('a')].map(textOf);

describe.each(shops)('$segment', (shop: Shop) => {
  const content = seed(shop.segment);
  const groups = content.teaserGroups as TeaserGroup[];
  const facts: Record<string, string> = shopFactValues(shop);
  const intro = (group: TeaserGroup) =>
    collapsed((group.introductoryText ?? '').replace(/\{\{(\w+)\}\}/g, (_, name: string) => facts[name]!));
  // What only the full footer has: the category links' and the icons' headings, the groups' teaser texts.
  const fullOnlyHeadings = [content.seo?.heading, content.socialMedia?.heading, content.appReferences?.heading]
    .filter(Boolean)
    .map(collapsed);
  const intros = groups.map(intro).filter(Boolean);

  test('a content page has the full footer: sign-up, every group with its teaser, categories and icons', () => {
    const footer = footerOf(builtPage(`/${shop.segment}/service/`));
    expect(footer.getAttribute('data-variant')).toBe('full');
    expect(footer.querySelectorAll('[data-footer-newsletter]')).toHaveLength(1);
    expect(fullOnlyHeadings.length).toBeGreaterThan(0);
    for (const heading of fullOnlyHeadings) expect(hasHeading(footer, heading), heading).toBe(true);
    expect(intros.length).toBeGreaterThan(0);
    for (const text of intros) expect(textOf(footer)).toContain(text);
    for (const group of groups)
      expect(hasHeading(footer, collapsed(group.heading.text)), group.heading.text).toBe(true);
  });

  test('checkout has the reduced footer without the full-only parts and the checkout-hidden groups', () => {
    const footer = footerOf(builtPage(`/${shop.segment}/checkout/`));
    expect(footer.getAttribute('data-variant')).toBe('reduced');
    expect([...footer.querySelectorAll('[data-footer-newsletter], .footer-full-only')].map((e) => e.outerHTML)).toEqual(
      [],
    );
    for (const heading of fullOnlyHeadings) expect(hasHeading(footer, heading), heading).toBe(false);
    for (const text of intros) expect(textOf(footer)).not.toContain(text);
    const hidden = groups.filter((group) => group.hideGroupInCheckout);
    expect(hidden.length, 'groups marked hideGroupInCheckout').toBeGreaterThan(0);
    for (const group of groups) {
      expect(hasHeading(footer, collapsed(group.heading.text)), group.heading.text).toBe(!group.hideGroupInCheckout);
      if (!group.hideGroupInCheckout)
        for (const link of group.links) expect(linkTexts(footer)).toContain(collapsed(link.text));
    }
    const legal = footer.querySelector('nav')!;
    for (const link of content.legalLinks as { text: string }[])
      expect(linkTexts(legal)).toContain(collapsed(link.text));
    expect(textOf(footer)).toContain(collapsed(content.salesTax.textBeforeLink));
  });
});

test("DE's checkout footer, in the words a shopper reads", () => {
  const footer = footerOf(builtPage('/de/checkout/'));
  expect(hasHeading(footer, 'Beliebte Kategorien')).toBe(false);
  expect(hasHeading(footer, 'Folgen Sie uns')).toBe(false);
  expect(textOf(footer)).not.toContain('30 Tage Rückgaberecht');
  expect(linkTexts(footer)).toContain('Rücksendung anmelden');
  for (const hidden of ['Kundenkarte', 'Über Aroma', 'Weitere Services', 'Abholung in der Filiale'])
    expect(hasHeading(footer, hidden), hidden).toBe(false);
  expect(textOf(footer.querySelector('nav'))).toContain('Impressum');
  expect(textOf(footer)).toContain('Alle Preise inkl. gesetzl. MwSt.');
});
