import path from 'node:path';
import { expect, test } from '@playwright/test';
import { shops } from '../src/shared/countries.ts';
import { measureBeforeInteraction, measureTransfer } from '../scripts/lib/transferBytes.mjs';
import { gzipBytes, islandBytes } from './support/islandBytes.ts';
import { servedSiteDir } from './support/servedSite.ts';
import { previewPanelAssets } from './support/preview.ts';
import { shopPages as shopPageFiles } from '../src/build/assembleRelease.ts';
import { pageBudgetBytes, SCRIPT_REQUESTS_BEFORE_INTERACTION } from './support/pageBudget.ts';

const budget = pageBudgetBytes;

/**
 * Shop pages that exist to run their island at once, so that React before the first interaction is their point:
 * they keep their other budgets. Any other page of a shop, including pages added later, must meet the
 * before-interaction budget.
 */
const hydratesAtLoad: Record<string, string> = {
  'newsletter/confirm/':
    'the double-opt-in landing page hydrates as it opens, so its button confirms in place (only the press confirms: docs/newsletter.md#double-opt-in)',
  'newsletter/preferences/':
    'the preferences page reads the subscription with the token from its link as it opens (docs/newsletter.md#the-preferences-page)',
  'ui/': 'the gallery of UI building blocks, not a shop page: every component hydrated to be tried out',
};
const inShop = (pagePath: string) => pagePath.split('/').slice(2).join('/');
// Every page of every shop: one per `index.astro` under src/pages/[country]/, so a page added later is measured too.
const shopPages = shops
  .flatMap((shop) => shopPageFiles(path.resolve(import.meta.dirname, '../src/pages'), shop.segment))
  .map(
    (file) =>
      `/${file
        .split(path.sep)
        .join('/')
        .replace(/index\.html$/, '')}`,
  );
const budgeted = shopPages.filter((pagePath) => !Object.hasOwn(hydratesAtLoad, inShop(pagePath)));

test('every shop page is measured: each shop has its page and checkout, and each exemption names a page that exists', () => {
  for (const shop of shops)
    expect(budgeted).toEqual(expect.arrayContaining([`/${shop.segment}/`, `/${shop.segment}/checkout/`]));
  for (const exempt of Object.keys(hydratesAtLoad)) expect(shopPages.map(inShop), exempt).toContain(exempt);
});

for (const pagePath of budgeted) {
  test(`${pagePath}: one script and at most ${budget.scriptWireBeforeInteraction / 1024} KB of JavaScript on the wire before the first interaction, at 375 and 1440 px`, async ({
    browser,
    baseURL,
  }) => {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const wire = await measureBeforeInteraction(browser, new URL(pagePath, baseURL).href, formFactor);
      const at = `${formFactor === 'mobile' ? 375 : 1440} px`;
      expect(wire.scripts, `scripts before the first interaction at ${at}`).toHaveLength(
        SCRIPT_REQUESTS_BEFORE_INTERACTION,
      );
      expect(
        wire.scriptBytes,
        `JavaScript on the wire at ${at}: ${wire.scriptBytes} B, budget ${budget.scriptWireBeforeInteraction} B`,
      ).toBeLessThanOrEqual(budget.scriptWireBeforeInteraction);
    }
  });
}

for (const pagePath of shops.flatMap((shop) => [`/${shop.segment}/`, `/${shop.segment}/checkout/`])) {
  test(`${pagePath} stays within its byte budgets`, async ({ browser, baseURL, request }) => {
    const bytes = await measureTransfer(browser, new URL(pagePath, baseURL).href, 'mobile');
    expect(bytes.htmlGz, `HTML ${bytes.htmlGz} B, budget ${budget.html} B`).toBeLessThanOrEqual(budget.html);
    expect(bytes.cssGz, `CSS ${bytes.cssGz} B, budget ${budget.css} B`).toBeLessThanOrEqual(budget.css);
    expect(bytes.thirdParty, 'third-party requests').toBe(0);
    // Anonymous shoppers download no preview-panel code.
    const panelScripts = (await previewPanelAssets(request, baseURL!))
      .map((url) => new URL(url).pathname)
      .filter((p) => p.endsWith('.js'));
    expect(panelScripts.length, 'the panel has scripts to look for').toBeGreaterThan(0);
    expect(
      bytes.scripts.filter((script: string) => panelScripts.includes(script)),
      'preview panel scripts loaded',
    ).toEqual([]);

    // Every shop page and checkout carries islands (at least the footer's country selector): a budget that found none
    // would pass without measuring anything.
    const { renderer, islands } = islandBytes(pagePath);
    expect(islands.length, 'islands found in the built page').toBeGreaterThan(0);
    expect(renderer, 'React renderer found').toBeGreaterThan(0);
    expect(renderer, `React renderer ${renderer} B, budget ${budget.renderer} B`).toBeLessThanOrEqual(budget.renderer);
    for (const island of islands) {
      expect(island.bytes, `${island.component} ${island.bytes} B, budget ${budget.island} B`).toBeLessThanOrEqual(
        budget.island,
      );
    }
  });
}

test('the preferences page: its island (client:load, so loaded at once) and its HTML stay within the budgets', () => {
  const { islands } = islandBytes('/hu/newsletter/preferences/');
  const island = islands.find(({ component }) => component.includes('NewsletterPreferences'));
  expect(island, 'the preferences island found in the built page').toBeDefined();
  expect(island!.bytes, `${island!.component} ${island!.bytes} B, budget ${budget.island} B`).toBeLessThanOrEqual(
    budget.island,
  );
  const html = gzipBytes(path.join(servedSiteDir, 'hu/newsletter/preferences/index.html'));
  expect(html, `HTML ${html} B, budget ${budget.html} B`).toBeLessThanOrEqual(budget.html);
});
