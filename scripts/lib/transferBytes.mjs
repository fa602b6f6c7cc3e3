// Bytes a page transfers (as sent: gzip where the server compresses), before any interaction and after scrolling
// to the bottom. Islands hydrate on interaction, so scrolling alone loads no island code (in a `client:visible`
// build, ISLANDS=visible, it hydrates every island).

const kind = (response) => {
  const type = response.headers()['content-type'] ?? '';
  if (type.includes('text/html')) return 'html';
  if (type.includes('css')) return 'css';
  if (type.includes('javascript')) return 'js';
  return 'other';
};

async function settle(page) {
  await page.waitForLoadState('networkidle');
}

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {'mobile' | 'desktop'} formFactor
 */
export async function measureTransfer(browser, url, formFactor) {
  const context = await browser.newContext(
    formFactor === 'mobile' ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } : { viewport: { width: 1440, height: 900 } },
  );
  const page = await context.newPage();
  const origin = new URL(url).origin;
  const seen = [];
  page.on('requestfinished', async (request) => {
    const response = await request.response();
    if (!response) return;
    const sizes = await request.sizes();
    seen.push({ url: request.url(), kind: kind(response), bytes: sizes.responseBodySize });
  });
  await page.goto(url);
  await settle(page);
  const initial = [...seen];
  // Bring each island into view in turn (big scroll steps can skip one), then wait for the network to settle.
  const islands = page.locator('astro-island');
  for (let i = 0; i < (await islands.count()); i += 1) {
    await islands.nth(i).scrollIntoViewIfNeeded().catch(() => {
      // A hidden island cannot be scrolled to; it does not hydrate for a shopper either.
    });
    await page.waitForTimeout(200);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settle(page);
  await context.close();
  const sum = (list, k) => list.filter((r) => r.kind === k).reduce((total, r) => total + r.bytes, 0);
  return {
    htmlGz: sum(initial, 'html'),
    cssGz: sum(initial, 'css'),
    jsGzInitial: sum(initial, 'js'),
    jsGzScrolled: sum(seen, 'js'),
    requests: seen.length,
    thirdParty: seen.filter((r) => new URL(r.url).origin !== origin && !r.url.startsWith('data:')).length,
    scripts: seen.filter((r) => r.kind === 'js').map((r) => new URL(r.url).pathname),
  };
}
