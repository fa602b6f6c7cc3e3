// What a page receives on the wire, as Chromium counts it (CDP `encodedDataLength`: the bytes received for a
// response, headers included, compressed as sent), and how to load a page without interacting with it. Used by the
// budget tests and the bench (docs/performance.md#before-the-first-interaction).

const quietMs = 500;
const settleTimeoutMs = 15_000;

/**
 * Starts recording every response of `page` (a Playwright page in Chromium).
 * @param {import('@playwright/test').Page} page
 */
export async function recordWire(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, { url: string, mimeType: string, bytes: number, finished: boolean }>} */
  const responses = new Map();
  const inFlight = new Set();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (event) => {
    responses.set(event.requestId, {
      url: event.response.url,
      mimeType: event.response.mimeType,
      bytes: 0,
      finished: false,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const response = responses.get(event.requestId);
    if (response) Object.assign(response, { bytes: event.encodedDataLength, finished: true });
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  });
  return {
    /** Every response so far, with the bytes it took on the wire. */
    responses: () => [...responses.values()],
    /** Resolves once no request has been in flight for half a second. */
    async quiet() {
      const deadline = Date.now() + settleTimeoutMs;
      while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline)
          throw new Error(`${page.url()}: the network did not go quiet within ${settleTimeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * Opens `url` and touches nothing: waits for the load, for the page's work at idle (the page's one script starts it
 * then), and for the network to go quiet. What the page received by then is what a shopper gets before the first
 * interaction.
 * @param {import('@playwright/test').Page} page
 * @param {Awaited<ReturnType<typeof recordWire>>} wire
 */
export async function loadWithoutInteraction(page, url, wire) {
  await page.goto(url, { waitUntil: 'load' });
  // An idle callback queued now runs after the one the page queued at load.
  await page.evaluate(
    () =>
      new Promise((resolve) => (window.requestIdleCallback ?? setTimeout)(() => resolve(undefined), { timeout: 3000 })),
  );
  await wire.quiet();
}

const isScript = (response) => /javascript/.test(response.mimeType);

/**
 * Requests and bytes on the wire, all and scripts only.
 * @param {{ url: string, mimeType: string, bytes: number }[]} responses
 */
export function wireFigures(responses) {
  const sum = (list) => list.reduce((total, response) => total + response.bytes, 0);
  const scripts = responses.filter(isScript);
  return {
    requests: responses.length,
    bytes: sum(responses),
    scriptRequests: scripts.length,
    scriptBytes: sum(scripts),
    scripts: scripts.map((response) => new URL(response.url).pathname),
  };
}
