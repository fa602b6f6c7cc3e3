import { expect, test } from '@playwright/test';
import { measureBeforeInteraction, measureTransfer } from '../scripts/lib/transferBytes.mjs';
import { previewPanelAssets } from './support/preview.ts';
import { pageBudgetBytes as budget, SCRIPT_REQUESTS_BEFORE_INTERACTION } from './support/pageBudget.ts';

// What Chromium requests before the first interaction, counted on the wire (docs/performance.md#budgets): one page
// per template, at a phone's and a desktop's width. Every shop page's HTML, scripts, CSS and islands are held to the
// same budgets from the built release in tests/site/budgets.test.ts.
for (const pagePath of ['/de/', '/de/checkout/', '/de/service/']) {
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

test('/de/, scrolled through: nothing from another origin, no preview-panel code', async ({
  browser,
  baseURL,
  request,
}) => {
  const bytes = await measureTransfer(browser, new URL('/de/', baseURL).href, 'mobile');
  expect(bytes.thirdParty, 'third-party requests').toBe(0);
  const panelScripts = (await previewPanelAssets(request, baseURL!))
    .map((url) => new URL(url).pathname)
    .filter((p) => p.endsWith('.js'));
  expect(panelScripts.length, 'the panel has scripts to look for').toBeGreaterThan(0);
  expect(
    bytes.scripts.filter((script: string) => panelScripts.includes(script)),
    'preview panel scripts loaded',
  ).toEqual([]);
});
