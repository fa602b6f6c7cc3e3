import path from 'node:path';
import { expect, test } from '@playwright/test';
import { shops } from '../src/shared/countries.ts';
import { measureTransfer } from '../scripts/lib/transferBytes.mjs';
import { gzipBytes, islandBytes } from './support/islandBytes.ts';
import { servedSiteDir } from './support/servedSite.ts';
import { previewPanelAssets } from './support/preview.ts';

// Byte budgets (gzip), checked on the production build. Timings are noisy and live in `npm run bench`.
const KB = 1024;
const budget = {
  /** The whole HTML in the first round trip (about 14 KB). */
  html: 14 * KB,
  /** All CSS a page loads. */
  css: 10 * KB,
  /** JS of one island beyond the shared React renderer. */
  island: 20 * KB,
  /** The shared React 19 renderer and runtime (measured 69 KB: React itself is most of any page's JS). */
  renderer: 72 * KB,
  /** JavaScript before the first interaction: islands hydrate only when somebody reaches for them. */
  jsBeforeInteraction: 8 * KB,
  /** Everything a page has loaded after scrolling to the bottom without touching anything. */
  jsScrolled: 8 * KB,
};

const pages = shops.flatMap((shop) => [`/${shop.segment}/`, `/${shop.segment}/checkout/`]);

for (const pagePath of pages) {
  test(`${pagePath} stays within its byte budgets`, async ({ browser, baseURL, request }) => {
    const bytes = await measureTransfer(browser, new URL(pagePath, baseURL).href, 'mobile');
    expect(bytes.htmlGz, `HTML ${bytes.htmlGz} B, budget ${budget.html} B`).toBeLessThanOrEqual(budget.html);
    expect(bytes.cssGz, `CSS ${bytes.cssGz} B, budget ${budget.css} B`).toBeLessThanOrEqual(budget.css);
    expect(bytes.jsGzInitial, `JS before the first interaction ${bytes.jsGzInitial} B, budget ${budget.jsBeforeInteraction} B`)
      .toBeLessThanOrEqual(budget.jsBeforeInteraction);
    expect(bytes.jsGzScrolled, `JS after scroll ${bytes.jsGzScrolled} B, budget ${budget.jsScrolled} B`).toBeLessThanOrEqual(budget.jsScrolled);
    expect(bytes.thirdParty, 'third-party requests').toBe(0);
    // Anonymous shoppers download no preview-panel code.
    const panelScripts = (await previewPanelAssets(request, baseURL!)).map((url) => new URL(url).pathname).filter((p) => p.endsWith('.js'));
    expect(panelScripts.length, 'the panel has scripts to look for').toBeGreaterThan(0);
    expect(bytes.scripts.filter((script: string) => panelScripts.includes(script)), 'preview panel scripts loaded').toEqual([]);

    // Every shop page and checkout carries islands (at least the footer's country selector): a budget that found none
    // would pass without measuring anything.
    const { renderer, islands } = islandBytes(pagePath);
    expect(islands.length, 'islands found in the built page').toBeGreaterThan(0);
    expect(renderer, 'React renderer found').toBeGreaterThan(0);
    expect(renderer, `React renderer ${renderer} B, budget ${budget.renderer} B`).toBeLessThanOrEqual(budget.renderer);
    for (const island of islands) {
      expect(island.bytes, `${island.component} ${island.bytes} B, budget ${budget.island} B`).toBeLessThanOrEqual(budget.island);
    }
  });
}

test('the preferences page: its island (client:load, so loaded at once) and its HTML stay within the budgets', () => {
  const { islands } = islandBytes('/hu/newsletter/preferences/');
  const island = islands.find(({ component }) => component.includes('NewsletterPreferences'));
  expect(island, 'the preferences island found in the built page').toBeDefined();
  expect(island!.bytes, `${island!.component} ${island!.bytes} B, budget ${budget.island} B`).toBeLessThanOrEqual(budget.island);
  const html = gzipBytes(path.join(servedSiteDir, 'hu/newsletter/preferences/index.html'));
  expect(html, `HTML ${html} B, budget ${budget.html} B`).toBeLessThanOrEqual(budget.html);
});
