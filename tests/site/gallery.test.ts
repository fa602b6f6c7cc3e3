import { describe, expect, test } from 'vitest';
import { shops } from '../../src/shared/countries.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { get, type HtmlDocument, type HtmlElement, servedPage, textOf } from './support/site.ts';

// The gallery of UI building blocks (docs/architecture.md#ui-gallery), as served: every block, in every shop's language, with the
// building-block strings filled in at build time, and its bytes. How the blocks behave, their focus rings and the
// rendered page's accessibility and layout are the browser layer's (tests/ui-gallery.spec.ts).

const blocks = [
  'Button',
  'IconButton',
  'TextLink',
  'Notification',
  'Spinner',
  'TextInput',
  'Select',
  'Checkbox',
  'ExpansionPanel',
  'Icon',
  'Label',
  'Banderole',
];

/** An element's accessible name as far as the gallery's controls need it: its label, else its text. */
const nameOf = (element: HtmlElement) => element.getAttribute('aria-label') ?? textOf(element);
/** Elements matching `selector` whose name contains `name`, case aside (as a browser's `getByRole` finds them). */
const named = (document: HtmlDocument, selector: string, name: string) =>
  [...document.querySelectorAll(selector)].filter((element) =>
    nameOf(element).toLowerCase().includes(name.toLowerCase()),
  );

test('/ui/ shows every block under its own heading, in German', async () => {
  const { response, document } = await servedPage('/ui/');
  expect(response.status).toBe(200);
  expect(document.documentElement.getAttribute('lang')).toBe('de-DE');
  expect(textOf(document.querySelector('h1'))).toBe(translationsFor('de-DE')('ui.gallery.title'));
  const headings = [...document.querySelectorAll('h2')].map(textOf);
  for (const block of blocks) expect(headings, block).toContain(block);
});

describe('every shop has its gallery in its own language', () => {
  test.each(shops)('/$segment/ui/ in $locale', async (shop) => {
    const t = translationsFor(shop.locale);
    const { response, document } = await servedPage(`/${shop.segment}/ui/`);
    expect(response.status).toBe(200);
    expect(document.documentElement.getAttribute('lang')).toBe(shop.locale);
    expect(textOf(document.querySelector('h1'))).toBe(t('ui.gallery.title'));
    const headings = [...document.querySelectorAll('h2')].map(textOf);
    for (const block of blocks) expect(headings, block).toContain(block);
    expect(named(document, 'button', t('ui.password.show')).length).toBeGreaterThan(0);
    expect(named(document, 'button', t('ui.showMore')).length).toBeGreaterThan(0);
    // Building-block strings with placeholders (docs/constants.md#building-block-strings), filled in at build time.
    const texts = [...document.querySelectorAll('body *')].map(textOf);
    expect(texts).toContain(t('ui.pagination.page', { page: 2, totalPages: 5 }));
    expect(texts).toContain(t('ui.energyEfficiencyClass', { class: 'A' }));
    // The list of the gallery in other languages marks this shop's, and only this one.
    const current = [...document.querySelectorAll('a[aria-current]')];
    expect(current.map((link) => link.getAttribute('href'))).toEqual([`/${shop.segment}/ui/`]);
    expect(current.map((link) => link.getAttribute('aria-current'))).toEqual(['page']);
    expect(nameOf(current[0]!)).toContain(t('shop.country'));
  });
});

test('byte budgets: the icon sprite and the gallery CSS stay small', async () => {
  const sprite = await get('/icons.svg');
  expect(sprite.status).toBe(200);
  expect((await sprite.arrayBuffer()).byteLength).toBeLessThan(16_000);
  const { document } = await servedPage('/ui/');
  const styles = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')!);
  expect(styles.length).toBeGreaterThan(0);
  let css = 0;
  for (const href of styles) css += (await (await get(href)).arrayBuffer()).byteLength;
  expect(css, `CSS ${css} B`).toBeLessThan(30_000);
});
