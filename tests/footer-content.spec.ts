import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { shops } from '../src/shared/countries.ts';
import { shopHref } from '../src/lib/retailerLinks.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { shopFactValues } from '../src/shared/footer/shopFacts.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';

const seed = (segment: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../server/seed/footer/${segment}.json`), 'utf8'));

test.describe("every country's footer", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const shop of shops) {
    test(`${shop.segment}: CMS content in ${shop.locale}, its own facts, safe links, sized images`, async ({
      page,
    }) => {
      const errors = collectConsoleErrors(page);
      await page.goto(`/${shop.segment}/`);
      const footer = page.locator('footer[data-shop-footer]');
      const content = seed(shop.segment);
      await expect(footer).toHaveAttribute('data-footer-source', 'cms');
      await expect(footer.getByRole('heading', { level: 2, name: content.headline })).toBeVisible();
      // The country table's facts, filled into the CMS texts (docs/footer.md#shop-facts).
      for (const fact of Object.values(shopFactValues(shop))) await expect(footer).toContainText(fact);
      const legal = footer.getByRole('navigation', { name: translationsFor(shop.locale)('footer.legalNav') });
      // The CMS's shop-relative paths, under the shop's segment (docs/footer.md#links-to-the-retailers-site).
      for (const link of content.legalLinks) {
        await expect(legal.getByRole('link', { name: link.text, exact: true })).toHaveAttribute(
          'href',
          shopHref(shop, link.url),
        );
      }
      // Coffee-subscription cancellation exists only in DE, AT and CH (both Swiss shops).
      const cancels = content.legalLinks.filter((link: { kind: string }) => link.kind === 'subscriptionCancellation');
      expect(cancels.length > 0).toBe(['DE', 'AT', 'CH'].includes(shop.code.split('_')[0]!));

      const hrefs = await footer
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      for (const href of hrefs) expect(href).toMatch(/^(\/(?!\/)|https:|http:|mailto:|tel:|#top$)/);
      const images = await footer
        .locator('img')
        .evaluateAll((imgs) => imgs.map((img) => ({ w: img.getAttribute('width'), h: img.getAttribute('height') })));
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(image.w && image.h).toBeTruthy();
      await expectNoSeriousAxeViolations(page, 'footer');
      expect(errors).toEqual([]);
    });
  }

  test('logos and icons load from the footer image service', async ({ page }) => {
    await page.goto('/de/');
    const logos = page.locator('footer .footer-logos img');
    await expect(logos).toHaveCount(3);
    await logos.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        logos.evaluateAll((imgs) =>
          imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 80),
        ),
      )
      .toBe(true);
  });
});

test.describe('the footer without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

  test('shows every panel expanded, the country list as links and the consent link to the privacy page', async ({
    page,
  }) => {
    await page.goto('/de/');
    const footer = page.locator('footer[data-shop-footer]');
    await expect(footer.getByRole('link', { name: 'Rücksendung anmelden' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Kaffee', exact: true })).toBeVisible();
    // Without JavaScript the panels are plain content: no disclosure buttons (the sign-up form's submit aside).
    await expect(footer.getByRole('button').and(footer.locator(':not([data-footer-newsletter] *)'))).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Cookie-Einstellungen' })).toHaveAttribute('href', '/de/privacy');
    await footer.getByText('Land wechseln').click();
    await footer.getByRole('link', { name: 'Österreich' }).click();
    await expect(page).toHaveURL(/\/at\/$/);
  });
});

test.describe('budgets', () => {
  test("the footer's script comes in the page's one script and the footer HTML ships no React for its static parts", async ({
    request,
  }) => {
    const html = await (await request.get('/de/')).text();
    // The footer's code is part of the page's one script (its bytes are budgeted in tests/budgets.spec.ts).
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(await (await request.get(scripts[0]!)).text()).toContain('data-shop-footer');
    // One island only, the country selector; everything else is static HTML. (The shop page carries its own sign-up
    // section, so the footer leaves its sign-up form out.)
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    const islands = [...footer.matchAll(/<astro-island[^>]*component-url="[^"]*\/(\w+)\.[\w-]+\.js"/g)].map(
      (m) => m[1],
    );
    expect(islands.sort()).toEqual(['CountrySelector']);
  });
});
