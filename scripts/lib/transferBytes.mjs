// Bytes a page transfers: on the wire before any interaction (headers included, as Chromium counts them), and as
// sent (gzip where the server compresses) before any interaction and after scrolling to the bottom. Islands hydrate
// on interaction; scrolling a sign-up's e-mail field into view is a sign of intent on which its code is preloaded,
// not run (docs/performance.md#after-the-first-interaction). In a `client:visible` build (ISLANDS=visible) scrolling
// hydrates every island.
import { loadWithoutInteraction, recordWire, wireFigures } from './wireBytes.mjs';

const kind = (response) => {
  const type = response.headers()['content-type'] ?? '';
  if (type.includes('text/html')) return 'html';
  if (type.includes('css')) return 'css';
  if (type.includes('javascript')) return 'js';
  return 'other';
};

/** The browser context of a form factor: a 375 px phone with touch, or a 1440 px desktop. */
export function contextOptions(formFactor) {
  return formFactor === 'mobile'
    ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true }
    : { viewport: { width: 1440, height: 900 } };
}

/**
 * What `url` receives before the first interaction, on the wire (`wireFigures`).
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {'mobile' | 'desktop'} formFactor
 */
export async function measureBeforeInteraction(browser, url, formFactor) {
  const context = await browser.newContext(contextOptions(formFactor));
  try {
    const page = await context.newPage();
    const wire = await recordWire(page);
    await loadWithoutInteraction(page, url, wire);
    return wireFigures(wire.responses());
  } finally {
    await context.close();
  }
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {'mobile' | 'desktop'} formFactor
 */
export async function measureTransfer(browser, url, formFactor) {
  const context = await browser.newContext(contextOptions(formFactor));
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const seen = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    seen.push({ url: request.url(), kind: kind(response), bytes: sizes.responseBodySize });
  });
  const wire = await recordWire(page);
  await loadWithoutInteraction(page, url, wire);
  const initial = [...seen];
  const beforeInteraction = wireFigures(wire.responses());
  // Bring each island into view in turn (big scroll steps can skip one), then wait for the network to settle.
  const islands = page.locator('astro-island');
  for (let i = 0; i < (await islands.count()); i += 1) {
    await islands
      .nth(i)
      .scrollIntoViewIfNeeded()
      .catch(() => {
        // A hidden island cannot be scrolled to; it does not hydrate for a shopper either.
      });
    await page.waitForTimeout(200);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await wire.quiet();
  await context.close();
  const sum = (list, k) => list.filter((r) => r.kind === k).reduce((total, r) => total + r.bytes, 0);
  return {
    htmlGz: sum(initial, 'html'),
    cssGz: sum(initial, 'css'),
    jsGzInitial: sum(initial, 'js'),
    jsGzScrolled: sum(seen, 'js'),
    requests: seen.length,
    wireScriptBytes: beforeInteraction.scriptBytes,
    scriptRequests: beforeInteraction.scriptRequests,
    wireRequests: beforeInteraction.requests,
    wireBytes: beforeInteraction.bytes,
    thirdParty: seen.filter((r) => new URL(r.url).origin !== origin && !r.url.startsWith('data:')).length,
    scripts: seen.filter((r) => r.kind === 'js').map((r) => new URL(r.url).pathname),
  };
}
