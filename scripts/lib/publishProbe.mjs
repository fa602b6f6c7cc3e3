// Probes of the publisher for its integration tests and the bench: a steady load on a shop page and its assets while
// releases switch, and a footer text change to watch go live. Loopback only, bounded concurrency.
import { ASSET_REFERENCE } from '../../src/build/assembleRelease.ts';

/** The `/_astro/` files a page names. */
export function assetsOf(html) {
  return [...new Set([...html.matchAll(ASSET_REFERENCE)].map((match) => match[1]))];
}

/**
 * Requests `pagePath` and then every asset it names, over and over with `concurrency` loops, until `stop()` is called.
 * Counts answers other than 200 and "mixed" pages: a page one of whose assets was answered other than 200 (a page of
 * one release whose scripts or styles are gone in the next). A request nothing answered (the server is down, as
 * `npm run faults` makes it) counts as `refused`, apart from both.
 * @param {{ origin: string, pagePath: string, concurrency?: number }} options
 */
export function steadyLoad({ origin, pagePath, concurrency = 4 }) {
  const result = { pages: 0, assets: 0, refused: 0, non200: [], mixed: [] };
  let stopped = false;
  /** Pages each loop has fetched with their assets, and who waits for every loop to reach a count. */
  const laps = Array.from({ length: concurrency }, () => 0);
  /** @type {{ targets: number[], resolve: () => void }[]} */
  const lapWaiters = [];
  const settleLaps = () => {
    for (const waiter of [...lapWaiters]) {
      if (stopped || laps.every((lap, index) => lap >= waiter.targets[index])) {
        lapWaiters.splice(lapWaiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const get = async (url) => {
    let response;
    try {
      response = await fetch(origin + url, {
        headers: { 'accept-encoding': 'identity' },
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      result.refused += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { answered: false, ok: false };
    }
    const body = await response.text();
    if (response.status !== 200) result.non200.push(`${response.status} ${url}`);
    return { answered: true, ok: response.status === 200, body };
  };
  const loop = async (index) => {
    while (!stopped) {
      const page = await get(pagePath);
      if (!page.answered) continue;
      result.pages += 1;
      if (page.ok) {
        const assets = await Promise.all(assetsOf(page.body).map(async (asset) => ({ asset, ...(await get(asset)) })));
        result.assets += assets.filter((asset) => asset.answered).length;
        const missing = assets.filter((asset) => asset.answered && !asset.ok).map((asset) => asset.asset);
        if (missing.length > 0) result.mixed.push(`${pagePath} names ${missing.join(', ')}`);
      }
      laps[index] += 1;
      settleLaps();
    }
  };
  const loops = Array.from({ length: concurrency }, (_, index) => loop(index));
  return {
    /**
     * Resolves once every loop has fetched `count` more pages, each with its assets, counted from this call: a page
     * fetched before the call has asked for its assets by then (or the load was stopped).
     * @param {number} count
     * @returns {Promise<void>}
     */
    laps(count) {
      return new Promise((resolve) => {
        lapWaiters.push({ targets: laps.map((lap) => lap + count), resolve });
        settleLaps();
      });
    },
    /** Stops the loops and answers the counts. */
    async stop() {
      stopped = true;
      settleLaps();
      await Promise.all(loops);
      return result;
    },
  };
}

/** Polls `check` until it answers something truthy; throws after `timeoutMs`. */
export async function waitUntil(check, { timeoutMs = 60_000, intervalMs = 50, what = 'the condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Publishes a new version of a shop's footer through the promotion service's PUT, as an operator would: the live content
 * with a new introductory text in its first teaser group. Answers `{ version, validFrom, started }` (`started`: when
 * the PUT was sent, `performance.now()`).
 * @param {{ origin: string, token: string, site: string, text: string, validFrom?: string }} options
 */
export async function publishFooterText({ origin, token, site, text, validFrom }) {
  const url = `${origin}/service/promotion/api/promotion/SHOP_FOOTER`;
  const live = await fetch(url, { headers: { site } });
  if (live.status !== 200) throw new Error(`No live SHOP_FOOTER for ${site} (${live.status})`);
  const content = JSON.parse((await live.json()).contentJSON);
  content.teaserGroups[0].introductoryText = text;
  const started = performance.now();
  const stored = await fetch(url, {
    method: 'PUT',
    headers: { site, 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ contentJSON: JSON.stringify(content), ...(validFrom ? { validFrom } : {}) }),
  });
  if (stored.status !== 201) throw new Error(`The PUT answered ${stored.status}: ${await stored.text()}`);
  return { ...(await stored.json()), started };
}

/**
 * Stores a broken footer for a shop straight into the version store, past the PUT's check (which would refuse it): how
 * a corrupted CMS answer reaches a build. For a shop without fallback content its build then fails.
 * @param {import('../../server/promotion/versionStore.ts').VersionStore} store
 */
export function storeBrokenFooter(store, site) {
  return store.store({
    site,
    name: 'SHOP_FOOTER',
    contentJSON: '{"headline": 42',
    validFrom: new Date(),
    storedBy: 'test',
  });
}
