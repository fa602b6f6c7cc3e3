import type { Page, Route } from '@playwright/test';

/** Chromium's "Slow 3G" preset: 400 ms latency, about 50 KB/s down and up. */
export async function throttleToSlow3G(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: ((500 * 1024) / 8) * 0.8,
    uploadThroughput: ((500 * 1024) / 8) * 0.8,
  });
}

/** The faults a service can show: each one answers a route the way a broken backend would. */
export const faults: Record<string, (route: Route) => Promise<void>> = {
  'answers 500': (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"title":"down"}' }),
  'answers 429': (route) =>
    route.fulfill({ status: 429, contentType: 'application/problem+json', body: '{"title":"slow down"}' }),
  'refuses the connection': (route) => route.abort('connectionrefused'),
  'sends malformed JSON': (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"tests": [' }),
};

/** Holds a request past the 15000 ms client timeout before letting it through. */
export async function answerAfter(route: Route, ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await route.continue().catch(() => {
    // The page gave up on the request (that is the point): nothing left to answer.
  });
}
