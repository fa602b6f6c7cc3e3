// The first-interaction user flow on /de/ (docs/performance.md#after-the-first-interaction): a Lighthouse user flow in
// timespan mode, mobile emulation, on a Puppeteer page attached to the Playwright-launched Chromium. A shopper taps
// the sign-up's e-mail field, types an address and submits; the flow waits for the success message. Reports INP, the
// time from the first focus until the island is interactive (React committed its hydration), the requests and bytes
// of the flow, how deep its script requests were chained, and what the island's code was fetched on: which sign of
// intent came first and how long before the focus its preload started.
import { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chainDepth, initiatorUrl } from './requestChain.mjs';

/** How long the bench's user flow waits for the sign-up's success message (docs/performance.md#speed). */
export const SUCCESS_TIMEOUT_MS = 15_000;
// Lighthouse's default mobile emulation (moto g power): the page is loaded at this size before the timespan starts.
const mobileViewport = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const emailLabel = 'E-Mail-Adresse';
/** How long a finger rests on the screen in a tap: between touchstart and the focus that follows touchend. */
const tapMs = 100;
const submitLabel = 'Jetzt anmelden'; // src/i18n/de-DE.json, newsletter.submit

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

/**
 * Runs in the page before any of its scripts: records the first focus and the hydration of the sign-up island, the
 * first pointer over it and finger on it (its signs of intent), and when the first module preload was asked for.
 */
function probe() {
  const marks = {
    focusAt: null,
    ssrRemovedAt: null,
    hydratedAt: null,
    pointeroverAt: null,
    touchstartAt: null,
    preloadAt: null,
    longestEventMs: 0,
  };
  window.__flowMarks = marks;
  const inSignUp = (node) => node instanceof Element && node.closest('#newsletter') !== null;
  document.addEventListener(
    'focusin',
    (event) => {
      if (marks.focusAt === null && inSignUp(event.target)) marks.focusAt = performance.now();
    },
    true,
  );
  for (const type of ['pointerover', 'touchstart']) {
    document.addEventListener(
      type,
      (event) => {
        if (marks[`${type}At`] === null && inSignUp(event.target)) marks[`${type}At`] = performance.now();
      },
      { capture: true, passive: true },
    );
  }
  new MutationObserver((records) => {
    if (marks.preloadAt !== null) return;
    if (
      records.some((record) =>
        [...record.addedNodes].some((node) => node instanceof HTMLLinkElement && node.rel === 'modulepreload'),
      )
    )
      marks.preloadAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
  // src/lib/hydration/islandHydratedEvent.ts: dispatched (bubbling) when React has committed its hydration.
  document.addEventListener(
    'island-hydrated',
    (event) => {
      if (marks.hydratedAt === null && inSignUp(event.target)) marks.hydratedAt = performance.now();
    },
    true,
  );
  // Astro removes `ssr` from the astro-island once the framework's hydrate call returned.
  new MutationObserver((records) => {
    for (const record of records) {
      if (
        marks.ssrRemovedAt === null &&
        record.target.localName === 'astro-island' &&
        inSignUp(record.target) &&
        !record.target.hasAttribute('ssr')
      ) {
        marks.ssrRemovedAt = performance.now();
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
  // Fallback for INP when Lighthouse does not report it: the longest event duration the page saw.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) marks.longestEventMs = Math.max(marks.longestEventMs, entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** Tags the element whose label / text is `text` inside #newsletter with `data-flow`, so Puppeteer can act on it. */
async function tag(page, kind, text) {
  const found = await page.evaluate(
    (kind, text) => {
      const section = document.querySelector('#newsletter');
      const candidates =
        kind === 'field'
          ? [...(section?.querySelectorAll('input') ?? [])]
          : [...(section?.querySelectorAll('button') ?? [])];
      const match = candidates.find((el) =>
        kind === 'field'
          ? [...(el.labels ?? [])].some((l) => l.textContent.trim().startsWith(text))
          : el.textContent.trim() === text,
      );
      match?.setAttribute('data-flow', kind);
      return Boolean(match);
    },
    kind,
    text,
  );
  if (!found) throw new Error(`User flow: no ${kind} "${text}" in #newsletter on ${page.url()}`);
  return `#newsletter [data-flow="${kind}"]`;
}

/**
 * Puts focus into the e-mail field as a shopper does: `click`, a mouse moved onto the field and pressed at once (its
 * pointerover comes a few milliseconds before the focus), or `tap`, a finger on the field for `tapMs` (touchstart, a
 * sign of intent, comes that long before the focus, which follows the touchend).
 */
async function reachField(page, field, gesture) {
  if (gesture === 'click') return page.click(field);
  const handle = await page.$(field);
  await handle.scrollIntoView();
  const box = await handle.boundingBox();
  await page.touchscreen.touchStart(box.x + box.width / 2, box.y + box.height / 2);
  await new Promise((resolve) => setTimeout(resolve, tapMs));
  await page.touchscreen.touchEnd();
}

async function runOnce(browser, url, gesture) {
  // A fresh context per run: no cookies, storage or cache from an earlier run (a sign-up may be remembered).
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const email = `bench-flow-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  try {
    await page.setViewport(mobileViewport);
    await page.evaluateOnNewDocument(probe);
    await page.goto(url, { waitUntil: 'networkidle0' });
    const field = await tag(page, 'field', emailLabel);
    const submit = await tag(page, 'submit', submitLabel);
    const flow = await startFlow(page, {
      name: `First interaction on ${new URL(url).pathname}`,
      flags: { formFactor: 'mobile', logLevel: 'error' },
    });
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script')
        scripts.push({ url: request.url(), initiator: initiatorUrl(request.initiator() ?? {}) });
    });
    await flow.startTimespan({ name: 'Focus the e-mail field, type, submit' });
    await reachField(page, field, gesture);
    await page.type(field, email, { delay: 30 });
    await page.click(submit);
    try {
      await page.waitForFunction(
        (address) =>
          [...document.querySelectorAll('#newsletter [role="status"]')].some((el) => el.textContent.includes(address)),
        { timeout: SUCCESS_TIMEOUT_MS },
        email,
      );
    } catch {
      throw new Error(
        `User flow: the sign-up success message for ${email} did not appear within ${SUCCESS_TIMEOUT_MS / 1000} s on ${url}`,
      );
    }
    await flow.endTimespan();
    const marks = await page.evaluate(() => window.__flowMarks);
    const { steps } = await flow.createFlowResult();
    const { lhr } = steps[0];
    if (lhr.runtimeError) throw new Error(`User flow: Lighthouse failed: ${lhr.runtimeError.message}`);
    const inp = lhr.audits['interaction-to-next-paint']?.numericValue;
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const interactiveAt = marks.hydratedAt ?? marks.ssrRemovedAt;
    const intents = [
      ['pointerover', marks.pointeroverAt],
      ['touchstart', marks.touchstartAt],
    ]
      .filter(([, at]) => at !== null)
      .sort((a, b) => a[1] - b[1]);
    return {
      inpMs: typeof inp === 'number' ? Math.round(inp) : null,
      longestEventMs: Math.round(marks.longestEventMs),
      // Hydrated before the first focus (the eager build): interactive at once, 0.
      focusToInteractiveMs:
        marks.focusAt !== null && interactiveAt !== null
          ? Math.max(0, Math.round(interactiveAt - marks.focusAt))
          : null,
      flowBytes: requests.reduce((total, request) => total + (request.transferSize ?? 0), 0),
      flowRequests: requests.length,
      scriptRequests: scripts.length,
      chainDepth: chainDepth(scripts),
      // What the island's code was fetched on: the first sign of intent, and how long before the focus the preload began.
      firstIntent: intents[0]?.[0] ?? null,
      preloadLeadMs:
        marks.preloadAt !== null && marks.focusAt !== null ? Math.round(marks.focusAt - marks.preloadAt) : null,
    };
  } finally {
    await context.close();
  }
}

/**
 * The flow `runs` times (a fresh address each time: the service accepts one sign-up per address), medians kept.
 * `inpSource` says where INP comes from: Lighthouse's `interaction-to-next-paint`, or, when a run lacks it, the
 * longest event duration a PerformanceObserver('event') in the page saw.
 * @param {number} port Chromium's remote debugging port
 * @param {'click' | 'tap'} gesture how the field is reached (`reachField`)
 */
export async function measureUserFlow(url, port, runs = 3, gesture = 'click') {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const results = [];
  try {
    for (let i = 0; i < runs; i += 1) results.push(await runOnce(browser, url, gesture));
  } finally {
    await browser.disconnect();
  }
  const lighthouseInp = results.every((r) => r.inpMs !== null);
  return {
    gesture,
    inpMs: lighthouseInp ? median(results.map((r) => r.inpMs)) : median(results.map((r) => r.longestEventMs)),
    inpSource: lighthouseInp ? 'lighthouse interaction-to-next-paint' : 'PerformanceObserver(event) longest duration',
    focusToInteractiveMs: median(results.map((r) => r.focusToInteractiveMs)),
    flowBytes: median(results.map((r) => r.flowBytes)),
    flowRequests: median(results.map((r) => r.flowRequests)),
    scriptRequests: median(results.map((r) => r.scriptRequests)),
    chainDepth: median(results.map((r) => r.chainDepth)),
    firstIntent: results[0]?.firstIntent ?? null,
    preloadLeadMs: median(results.map((r) => r.preloadLeadMs)),
    longestEventMs: median(results.map((r) => r.longestEventMs)),
    runs: results,
  };
}

/** production ÷ eager for each figure; null where the eager figure is 0 or missing (no meaningful ratio). */
export function flowRatios(production, eager) {
  const keys = ['inpMs', 'focusToInteractiveMs', 'flowBytes'];
  return Object.fromEntries(
    keys.map((key) => [key, eager[key] ? Number((production[key] / eager[key]).toFixed(2)) : null]),
  );
}
