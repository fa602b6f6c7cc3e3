import { uniqueEmail } from '../newsletter-helpers.ts';
import { expect, test, widths, type Site } from './support/fixtures.ts';

// The layout is final before hydration (docs/newsletter.md#states): the fields a typed address reveals are in the
// server HTML and shown by CSS, so the Subscribe button stands where it stood once the island takes over.

const submit = '#newsletter button[type="submit"]';

/** The Subscribe button's box, relative to the page (not the viewport), rounded to whole pixels. */
function buttonBox(site: Site) {
  return site.page.evaluate((selector) => {
    const box = document.querySelector(selector)!.getBoundingClientRect();
    return [box.left + scrollX, box.top + scrollY, box.width, box.height].map(Math.round);
  }, submit);
}

for (const width of widths) {
  for (const segment of ['de', 'hu']) {
    test(`/${segment}/ at ${width} px: the Subscribe button does not move between typing an address and hydration`, async ({
      site,
    }) => {
      const release = site.hold(/\/_astro\/NewsletterSignup\.[\w-]+\.js$/);
      await site.open(`/${segment}/`, width);
      await site.typeInto('#newsletter [name="newsletterEmail"]', uniqueEmail('layout'));
      const typed = await buttonBox(site);
      expect(
        await site.page.evaluate(() => document.querySelector('#newsletter astro-island')!.hasAttribute('ssr')),
        'not hydrated yet',
      ).toBe(true);
      release();
      await site.until(
        'the island hydrated',
        () => !document.querySelector('#newsletter astro-island')!.hasAttribute('ssr'),
      );
      // A frame for the island's first render after hydration.
      await site.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await buttonBox(site)).toEqual(typed);
    });
  }
}
