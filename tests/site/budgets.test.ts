import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { shops } from '../../src/shared/countries.ts';
import { shopPages as shopPageFiles } from '../../src/build/assembleRelease.ts';
import { gzipBytes, islandBytes, staticClosure } from '../support/islandBytes.ts';
import { pageBudgetBytes as budget, SCRIPT_REQUESTS_BEFORE_INTERACTION } from '../support/pageBudget.ts';
import { builtFile, builtPage, get, siteDir } from './support/site.ts';
import { wireBytes } from './support/wire.ts';

// The byte budgets of every shop page, read from the release as built and served (docs/performance.md#budgets):
// counts and bytes, never times. That a browser then requests nothing more before the first interaction is measured
// in Chromium for each page template (tests/budgets.spec.ts).

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
  .flatMap((shop) => shopPageFiles(path.resolve(import.meta.dirname, '../../src/pages'), shop.segment))
  .map(
    (file) =>
      `/${file
        .split(path.sep)
        .join('/')
        .replace(/index\.html$/, '')}`,
  );
const budgeted = shopPages.filter((pagePath) => !Object.hasOwn(hydratesAtLoad, inShop(pagePath)));

/** The module scripts a page names in its HTML: `<script type="module" src>` and module preloads. */
function pageScripts(pagePath: string): string[] {
  const document = builtPage(pagePath);
  return [
    ...[...document.querySelectorAll('script[type="module"][src]')].map((script) => script.getAttribute('src')!),
    ...[...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')!),
  ];
}

test('every shop page is measured: each shop has its page and checkout, and each exemption names a page that exists', () => {
  for (const shop of shops)
    expect(budgeted).toEqual(expect.arrayContaining([`/${shop.segment}/`, `/${shop.segment}/checkout/`]));
  for (const exempt of Object.keys(hydratesAtLoad)) expect(shopPages.map(inShop), exempt).toContain(exempt);
});

test.each(budgeted)(
  `%s names one script, which imports nothing, within ${budget.scriptWireBeforeInteraction / 1024} KB on the wire`,
  async (pagePath) => {
    const scripts = pageScripts(pagePath);
    expect(scripts, 'module scripts and preloads in the HTML').toHaveLength(SCRIPT_REQUESTS_BEFORE_INTERACTION);
    // The browser fetches a script's static imports with it: there must be none.
    expect([...staticClosure(scripts[0]!)].map((file) => path.relative(siteDir, file))).toHaveLength(1);
    const wire = await wireBytes(scripts[0]!);
    expect(wire.status).toBe(200);
    expect(wire.type).toMatch(/javascript/);
    expect(
      wire.bytes,
      `JavaScript on the wire: ${wire.bytes} B, budget ${budget.scriptWireBeforeInteraction} B`,
    ).toBeLessThanOrEqual(budget.scriptWireBeforeInteraction);
  },
);

test.each(shops.flatMap((shop) => [`/${shop.segment}/`, `/${shop.segment}/checkout/`]))(
  '%s stays within its byte budgets: HTML, CSS, islands, no third party, no preview-panel code',
  async (pagePath) => {
    const html = gzipBytes(builtFile(pagePath));
    expect(html, `HTML ${html} B, budget ${budget.html} B`).toBeLessThanOrEqual(budget.html);
    const document = builtPage(pagePath);
    const styles = [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')!);
    const css = styles.reduce((sum, href) => sum + gzipBytes(path.join(siteDir, href)), 0);
    expect(css, `CSS ${css} B, budget ${budget.css} B`).toBeLessThanOrEqual(budget.css);

    // Nothing the page loads comes from another origin.
    const loaded = [
      ...[...document.querySelectorAll('script[src], img[src], source[srcset], iframe[src]')].map(
        (element) => element.getAttribute('src') ?? element.getAttribute('srcset')!,
      ),
      ...[...document.querySelectorAll('link[rel="stylesheet"], link[rel="preload"], link[rel="icon"]')].map((link) =>
        link.getAttribute('href')!,
      ),
    ];
    expect(loaded.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);

    // Anonymous shoppers download no preview-panel code: not named by the page, not imported by what it names.
    const manifest = (await (await get('/preview/panel-manifest.json')).json()) as { script: string; styles: string[] };
    const panelFiles = [manifest.script, ...manifest.styles].map((asset) => path.join(siteDir, asset));
    expect(
      panelFiles.filter((file) => file.endsWith('.js')).length,
      'the panel has scripts to look for',
    ).toBeGreaterThan(0);
    const islandCode = [...document.querySelectorAll('astro-island')].flatMap((island) => [
      island.getAttribute('component-url')!,
      island.getAttribute('renderer-url')!,
    ]);
    const reachable = new Set(
      [...pageScripts(pagePath), ...islandCode, ...styles].flatMap((url) => [...staticClosure(url)]),
    );
    expect(
      panelFiles.filter((file) => reachable.has(file)),
      'preview panel files reachable',
    ).toEqual([]);

    // Every shop page and checkout carries islands (at least the footer's country selector): a budget that found none
    // would pass without measuring anything.
    const { renderer, islands } = islandBytes(pagePath);
    expect(islands.length, 'islands found in the built page').toBeGreaterThan(0);
    expect(renderer, 'React renderer found').toBeGreaterThan(0);
    expect(renderer, `React renderer ${renderer} B, budget ${budget.renderer} B`).toBeLessThanOrEqual(budget.renderer);
    for (const island of islands)
      expect(island.bytes, `${island.component} ${island.bytes} B, budget ${budget.island} B`).toBeLessThanOrEqual(
        budget.island,
      );
  },
);

test('the preferences page: its island (client:load, so loaded at once) and its HTML stay within the budgets', () => {
  const { islands } = islandBytes('/hu/newsletter/preferences/');
  const island = islands.find(({ component }) => component.includes('NewsletterPreferences'));
  expect(island, 'the preferences island found in the built page').toBeDefined();
  expect(island!.bytes, `${island!.component} ${island!.bytes} B, budget ${budget.island} B`).toBeLessThanOrEqual(
    budget.island,
  );
  const html = gzipBytes(builtFile('/hu/newsletter/preferences/'));
  expect(html, `HTML ${html} B, budget ${budget.html} B`).toBeLessThanOrEqual(budget.html);
  expect(fs.existsSync(builtFile('/hu/newsletter/preferences/'))).toBe(true);
});

test('/de/: the sign-up island code stays under 40 kB and all JavaScript the page can load under 300 kB (uncompressed)', () => {
  const document = builtPage('/de/');
  const islandFiles = (island: { getAttribute(name: string): string | null }) =>
    [island.getAttribute('component-url')!, island.getAttribute('renderer-url')!].flatMap((url) => [
      ...staticClosure(url),
    ]);
  const islands = [...document.querySelectorAll('astro-island')];
  const signUp = islands.find((island) => island.getAttribute('component-url')!.includes('NewsletterSignup'))!;
  const renderer = new Set(staticClosure(signUp.getAttribute('renderer-url')!));
  const bytes = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + fs.statSync(file).size, 0);
  // The island's own module (the chunks it shares with other islands are within the page's total).
  const signUpOwn = new Set(
    islandFiles(signUp).filter((file) => !renderer.has(file) && path.basename(file).startsWith('NewsletterSignup')),
  );
  expect(bytes(signUpOwn), [...signUpOwn].join(', ')).toBeGreaterThan(0);
  expect(bytes(signUpOwn), [...signUpOwn].join(', ')).toBeLessThan(40_000);
  const everything = new Set([
    ...pageScripts('/de/').flatMap((url) => [...staticClosure(url)]),
    ...islands.flatMap(islandFiles),
  ]);
  expect(bytes(everything), [...everything].join(', ')).toBeLessThan(300_000);
});
