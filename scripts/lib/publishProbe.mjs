// Probes of the publisher for its integration tests and the bench: a steady load on a shop page and its assets while
// releases switch, and a footer text change to watch go live. Loopback only, bounded concurrency.
import { ASSET_REFERENCE } from '../../src/build/assembleRelease.ts';

/** The `/_astro/` files a page names. */
export function assetsOf(html) {
  return [...new Set([...html.matchAll(ASSET_REFERENCE)].map((match) => match[1]))];
}

/**
 * Requests `pagePath` and then every asset it names, over and over with `concurrency` loops, until `stop()` is called.
 * Counts answers other than 200 and "mixed" pages: a page one of whose assets was not served (a page of one release
 * whose scripts or styles are gone in the next).
 * @param {{ origin: string, pagePath: string, concurrency?: number }} options
 */
export function steadyLoad({ origin, pagePath, concurrency = 4 }) {
  const result = { pages: 0, assets: 0, non200: [], mixed: [] };
  let stopped = false;
  const get = async (url) => {
    const response = await fetch(origin + url, { headers: { 'accept-encoding': 'identity' } });
    const body = await response.text();
    if (response.status !== 200) result.non200.push(`${response.status} ${url}`);
    return { ok: response.status === 200, body };
  };
  const loop = async () => {
    while (!stopped) {
      const page = await get(pagePath);
      result.pages += 1;
      if (!page.ok) continue;
      const assets = await Promise.all(assetsOf(page.body).map(async (asset) => ({ asset, ok: (await get(asset)).ok })));
      result.assets += assets.length;
      const missing = assets.filter((asset) => !asset.ok).map((asset) => asset.asset);
      if (missing.length > 0) result.mixed.push(`${pagePath} names ${missing.join(', ')}`);
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    /** Stops the loops and answers the counts. */
    async stop() {
      stopped = true;
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
 * Gives a shop's stored footer a new introductory text in its first teaser group, the way an operator's content change
 * would, and answers the text. Writes the promotion table of the stand-in service directly.
 * @param {import('node:sqlite').DatabaseSync} db
 */
export function changeFooterText(db, site, text) {
  const row = db.prepare("SELECT content_json FROM promotions WHERE site = ? AND name = 'SHOP_FOOTER'").get(site);
  if (!row) throw new Error(`No SHOP_FOOTER stored for ${site}`);
  const content = JSON.parse(row.content_json);
  content.teaserGroups[0].introductoryText = text;
  db.prepare("UPDATE promotions SET content_json = ? WHERE site = ? AND name = 'SHOP_FOOTER'").run(JSON.stringify(content), site);
  return text;
}

/** Breaks a shop's stored footer so that its build fails (for a shop without fallback content). */
export function breakFooterContent(db, site) {
  db.prepare("UPDATE promotions SET content_json = ? WHERE site = ? AND name = 'SHOP_FOOTER'").run('{"headline": 42', site);
}
