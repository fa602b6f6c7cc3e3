import { expect, test, type Locator, type Page } from '@playwright/test';
import { chainDepth, initiatorUrl } from '../scripts/lib/requestChain.mjs';
import { ISLAND_MODULES_ATTRIBUTE } from '../src/lib/hydration/islandModules.ts';

// An island's code is fetched on the first sign of intent, or at the latest on the first interaction, all at once
// (docs/performance.md#after-the-first-interaction). Scripts are counted with CDP, with who asked for each.

interface ScriptRequest {
  url: string;
  initiator: string;
}

/** Records the page's script requests (path and who made them) from now on. */
async function recordScripts(page: Page): Promise<ScriptRequest[]> {
  const requests: ScriptRequest[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!new URL(event.request.url).pathname.endsWith('.js')) return;
    const initiator = initiatorUrl(event.initiator);
    requests.push({ url: new URL(event.request.url).pathname, initiator: initiator && new URL(initiator).pathname });
  });
  return requests;
}

/** Waits until the page has run its work at idle after load. */
async function untilIdle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 3000 })));
}

/**
 * Lets the page finish what an intent would set off: the intersection observer's callback (delivered with a frame)
 * and the preload it leaves for idle time (idle callbacks run in the order they were asked for).
 */
async function afterIntentWouldFire(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(undefined)))),
      ),
  );
}

/** The module files the page has asked to preload, in its own document (no lag behind the network events). */
const preloadLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );

/** Waits until every file in `modules` has arrived, then until the page would have run anything it set off. */
async function untilLoadedAndSettled(page: Page, modules: string[]): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((paths) => {
        const loaded = new Set(performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
        return paths.every((path) => loaded.has(path));
      }, modules),
    )
    .toBe(true);
  await afterIntentWouldFire(page);
}

async function islandModules(island: Locator): Promise<string[]> {
  return ((await island.getAttribute(ISLAND_MODULES_ATTRIBUTE)) ?? '').split(' ').filter(Boolean);
}

const pageScript = (requests: ScriptRequest[]) => requests.filter((request) => request.url.includes('ShopLayout'));

test.describe("an island's code on intent and on the first interaction", () => {
  // The footer's sign-up below the fold of a short window, so that it can be scrolled into view.
  test.use({ viewport: { width: 375, height: 500 }, isMobile: true, hasTouch: true });

  test("scrolling the sign-up's e-mail field into view preloads all its files at once and runs none of them", async ({
    page,
  }) => {
    const scripts = await recordScripts(page);
    await page.goto('/de/service/');
    await untilIdle(page);
    expect(
      scripts.map((request) => request.url),
      "before any interaction: the page's one script",
    ).toEqual(pageScript(scripts).map((request) => request.url));
    const island = page.locator('[data-footer-newsletter] astro-island');
    const modules = await islandModules(island);
    expect(modules.length, "the build listed the island's files").toBeGreaterThan(1);

    await island.locator('input[type="email"]').scrollIntoViewIfNeeded();
    await expect
      .poll(() => scripts.map((request) => request.url).sort(), { message: 'the listed files, each once' })
      .toEqual([...pageScript(scripts).map((request) => request.url), ...modules].sort());
    expect(
      chainDepth(scripts.filter((request) => modules.includes(request.url))),
      "all requested by the page's script",
    ).toBe(1);
    expect((await preloadLinks(page)).sort(), 'as preload links of the page').toEqual([...modules].sort());
    // Preloaded, not run: once they have all arrived, the island is still the server's HTML.
    await untilLoadedAndSettled(page, modules);
    await expect(island).toHaveAttribute('ssr', '');
  });

  test('with Save-Data on, scrolling fetches nothing', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    const scripts = await recordScripts(page);
    await page.goto('/de/service/');
    await untilIdle(page);
    await page.locator('[data-footer-newsletter] input[type="email"]').scrollIntoViewIfNeeded();
    await afterIntentWouldFire(page);
    expect(await preloadLinks(page)).toEqual([]);
    expect(scripts.map((request) => request.url)).toEqual(pageScript(scripts).map((request) => request.url));
  });

  test('a field in view from the start is no sign of intent: without interaction nothing more loads', async ({
    page,
  }) => {
    const scripts = await recordScripts(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/de/');
    await untilIdle(page);
    await afterIntentWouldFire(page);
    expect(await preloadLinks(page)).toEqual([]);
    expect(scripts.map((request) => request.url)).toEqual(pageScript(scripts).map((request) => request.url));
  });

  test('on the first interaction every file arrives in one round trip, none waiting for another, and the island hydrates', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const scripts = await recordScripts(page);
    await page.goto('/de/');
    await untilIdle(page);
    const island = page.locator('#newsletter astro-island');
    const modules = await islandModules(island);
    await island.locator('input[type="email"]').focus();
    await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
    const after = scripts.filter((request) => !pageScript(scripts).includes(request));
    expect(after.map((request) => request.url).sort(), 'exactly the listed files').toEqual([...modules].sort());
    expect(chainDepth(after), 'chain depth after the interaction').toBe(1);
  });

  test('a pointer over the country selector preloads its files; it hydrates only when used', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const scripts = await recordScripts(page);
    await page.goto('/de/');
    await untilIdle(page);
    const island = page.locator('[data-shop-footer] astro-island').last();
    const modules = await islandModules(island);
    await island.locator('select').hover();
    await expect.poll(() => scripts.filter((request) => modules.includes(request.url)).length).toBe(modules.length);
    await untilLoadedAndSettled(page, modules);
    await expect(island).toHaveAttribute('ssr', '');
  });
});

test('the island wrappers take no box of their own, on shop pages and in footer fragments', async ({ page }) => {
  for (const path of ['/de/', '/fragments/de/footer.html']) {
    await page.goto(path);
    const displays = await page
      .locator('astro-island')
      .evaluateAll((islands) => islands.map((island) => getComputedStyle(island).display));
    expect(displays.length, path).toBeGreaterThan(0);
    expect(new Set(displays), path).toEqual(new Set(['contents']));
  }
});
