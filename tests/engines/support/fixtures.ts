import { test as base, expect } from '@playwright/test';
import type { Engine, EngineName, EnginePage } from './enginePage.ts';
import { launchFirefox } from './firefox.ts';
import { BLANK_PATH, PROBLEMS_KEY, startProbeProxy, type ProbeProxy } from './probeProxy.ts';
import { launchWebKit } from './webkit.ts';

/** The widths every flow runs at: a small phone and a desktop. */
export const widths = [375, 1440] as const;

/** The site under test in one engine's tab, behind the probe proxy. */
export interface Site {
  page: EnginePage;
  /** Opens a path of the site at `width` px and waits for its load. */
  open(path: string, width: number): Promise<void>;
  /**
   * Clicks the element once it is shown and stands still over two frames (fields appear as a form hydrates; a field
   * scrolls smoothly into view), as a person does.
   */
  click(selector: string): Promise<void>;
  /** Clicks into a field as `click` does, then types. */
  typeInto(selector: string, text: string): Promise<void>;
  /** Waits until `fn` (run in the page) returns something truthy. */
  until<A extends unknown[]>(what: string, fn: (...args: A) => unknown, ...args: A): Promise<void>;
  /** How many POSTs went out to a path containing `pathPart`. */
  posts(pathPart: string): number;
  /** How many requests of `method` went out to a path matching `path`. */
  sent(method: string, path: RegExp): number;
  /** Holds back the answers to paths matching `pattern` until the returned function is called. */
  hold(pattern: RegExp): () => void;
}

const untilTimeoutMs = 20_000;

export const test = base.extend<{ site: Site }, { engine: EngineName; browserEngine: Engine; probeProxy: ProbeProxy }>({
  engine: ['firefox', { option: true, scope: 'worker' }],
  probeProxy: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature: this one needs no other fixture.
    async ({}, use, workerInfo) => {
      const proxy = await startProbeProxy(workerInfo.project.use.baseURL!);
      await use(proxy);
      await proxy.close();
    },
    { scope: 'worker' },
  ],
  browserEngine: [
    async ({ engine }, use) => {
      const browser = engine === 'firefox' ? await launchFirefox() : await launchWebKit();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  site: async ({ browserEngine, probeProxy: proxy }, use) => {
    proxy.reset();
    const page = await browserEngine.newPage(proxy.origin + BLANK_PATH);
    const site: Site = {
      page,
      async open(path, width) {
        await page.resize(width, width < 768 ? 812 : 900);
        await page.open(proxy.origin + path);
      },
      async click(selector) {
        await site.until(
          `${selector} shown and still`,
          async (target) => {
            const box = () => document.querySelector(target)?.getClientRects()[0];
            const before = box();
            // Two frames later: anything still moving (a smooth scroll, a form re-laid out) has moved.
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            const after = box();
            return (
              before !== undefined && after !== undefined && before.top === after.top && before.left === after.left
            );
          },
          selector,
        );
        await page.click(selector);
      },
      async typeInto(selector, text) {
        await site.click(selector);
        await page.type(text);
      },
      async until(what, fn, ...args) {
        const deadline = Date.now() + untilTimeoutMs;
        let lastError: unknown;
        for (;;) {
          try {
            if (await page.evaluate(fn, ...args)) return;
          } catch (error) {
            // Asked while a navigation swaps the document (the new one has no element yet): ask again.
            lastError = error;
          }
          if (Date.now() > deadline) {
            // Where the tab stood (the path, never the query with its token) tells a missed click from a wrong page.
            const at = await page.evaluate(() => location.pathname).catch(() => 'unknown');
            throw new Error(
              `${browserEngine.name}: ${what} did not happen within ${untilTimeoutMs / 1000} s at ${at}${lastError ? ` (last: ${String(lastError)})` : ''}`,
            );
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      posts: (pathPart) =>
        proxy.requests.filter((request) => request.method === 'POST' && request.path.includes(pathPart)).length,
      sent: (method, path) =>
        proxy.requests.filter((request) => request.method === method && path.test(request.path)).length,
      hold: (pattern) => proxy.hold(pattern),
    };
    await use(site);
    // Every flow, every page it passed through: no console error, no uncaught error, no failed load, no CSP violation.
    const problems = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[],
      PROBLEMS_KEY,
    );
    await page.close();
    expect(problems, 'console errors, uncaught errors, failed loads and CSP violations').toEqual([]);
  },
});

export { expect };
