import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './newsletter-helpers.ts';
import { holdIslandCode } from './support/hydration.ts';

// The layout is final before hydration (docs/newsletter.md#states): the fields a typed address reveals are in the
// server HTML and shown by CSS, so the Subscribe button stands where it stood once the island takes over. The same
// in Firefox and WebKit: tests/engines/signup-layout.spec.ts.

/** The Subscribe button's box, relative to the page, rounded to whole pixels. */
function buttonBox(page: Page) {
  return page.locator('#newsletter button[type="submit"]').evaluate((button) => {
    const box = button.getBoundingClientRect();
    return [box.left + scrollX, box.top + scrollY, box.width, box.height].map(Math.round);
  });
}

for (const width of [375, 1440]) {
  for (const segment of ['de', 'hu', 'tr']) {
    test(`/${segment}/ at ${width} px: the Subscribe button does not move between typing an address and hydration`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const release = await holdIslandCode(page, 'NewsletterSignup');
      await page.goto(`/${segment}/`);
      const island = page.locator('#newsletter astro-island');
      await page.locator('#newsletter [name="newsletterEmail"]').pressSequentially(uniqueEmail('layout'));
      const typed = await buttonBox(page);
      await expect(island).toHaveAttribute('ssr', '');
      release();
      await expect(island).not.toHaveAttribute('ssr');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await buttonBox(page)).toEqual(typed);
      // And it stays put once focus leaves the address (the island keeps the fields it revealed).
      await page.locator('#newsletter h2').click();
      expect(await buttonBox(page)).toEqual(typed);
    });
  }
}
