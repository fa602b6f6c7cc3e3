// Shoppers during a fault: loops that request a shop page and every asset it names, counting what came back. A
// refused connection (the server is down) is counted apart from answers: the figure that matters is that every
// answer is a 200 and no page names an asset that is not served. Loopback only.
import { assetsOf } from '../publishProbe.mjs';

/**
 * @param {{ origin: string, pagePath: string, concurrency?: number }} options
 */
export function pageLoop({ origin, pagePath, concurrency = 4 }) {
  const counts = { pages: 0, assets: 0, refused: 0, non200: [], mixed: [] };
  let stopped = false;
  /** The body of a 200, undefined for another status, null when nothing answered. */
  const get = async (url) => {
    try {
      const response = await fetch(origin + url, { headers: { 'accept-encoding': 'identity' }, signal: AbortSignal.timeout(15_000) });
      const body = await response.text();
      if (response.status === 200) return body;
      counts.non200.push(`${response.status} ${url}`);
      return undefined;
    } catch {
      counts.refused += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    }
  };
  const loop = async () => {
    while (!stopped) {
      const page = await get(pagePath);
      if (typeof page !== 'string') continue;
      counts.pages += 1;
      const assets = assetsOf(page);
      const served = await Promise.all(assets.map(get));
      counts.assets += served.filter((body) => typeof body === 'string').length;
      const missing = assets.filter((_, index) => served[index] === undefined);
      if (missing.length > 0) counts.mixed.push(`${pagePath} names ${missing.join(', ')}`);
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    /** Stops the loops; resolves with the counts. */
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return counts;
    },
  };
}
