// The publisher's figures for `npm run bench`: how long from a content change's trigger to its text being served for
// one shop (median and maximum of `runs`), and what a steady load on that shop's page sees while it is rebuilt and
// switched (answers other than 200, pages whose assets were not all served). A real server on a throwaway folder,
// real builds, loopback only. See docs/calls.md#publisher.
import { publishFooterText, steadyLoad, waitUntil } from './publishProbe.mjs';
import { startTestServer } from '../../server/testing.ts';
import { seedPromotions } from '../../server/promotion/seed.ts';
import { serverPublisher } from '../../server/publish/serverPublisher.ts';

const TOKEN = 'bench-publish-token-0123456789abcdef';
const SHOP = { code: 'HU', segment: 'hu' };

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/**
 * @param {{ runs?: number }} [options]
 * @returns {Promise<{ shop: string, runs: number, triggerToServedMs: { median: number, max: number, all: number[] }, underLoad: { ms: number, pages: number, assets: number, non200: number, mixed: number } }>}
 */
export async function measurePublish({ runs = 5 } = {}) {
  const server = await startTestServer({
    env: { PROMOTION_ADMIN_TOKEN: TOKEN },
    publisher: (config, { versions }) => serverPublisher(config, versions),
  });
  const page = `${server.origin}/${SHOP.segment}/`;
  const served = (text) => async () => (await (await fetch(page)).text()).includes(text);
  // The trigger: the PUT of an immediate version, as an operator's CMS sends it.
  const publish = async (text) => {
    const { started } = await publishFooterText({ origin: server.origin, token: TOKEN, site: SHOP.code, text });
    await waitUntil(served(text), { timeoutMs: 120_000, intervalMs: 25, what: `"${text}" on ${page}` });
    return Math.round(performance.now() - started);
  };
  try {
    await seedPromotions(server.versions);
    await publish('Bench first release'); // the first release builds every shop
    // …and then the preview renderer: each run starts with the publisher idle, as an operator's publish usually does.
    const status = () =>
      fetch(`${server.origin}/service/publish/api/status`, { headers: { authorization: `Bearer ${TOKEN}` } }).then(
        (r) => r.json(),
      );
    await waitUntil(
      async () => {
        const { shops, queue } = await status();
        return queue.length === 0 && !Object.values(shops).some((shop) => shop.building);
      },
      { timeoutMs: 120_000, what: 'the publisher idle' },
    );
    const all = [];
    for (let run = 1; run <= runs; run += 1) {
      all.push(await publish(`Bench publish ${run}`));
      console.log(`  publish → served, run ${run}: ${all.at(-1)} ms`);
    }
    const load = steadyLoad({ origin: server.origin, pagePath: `/${SHOP.segment}/`, concurrency: 4 });
    const ms = await publish('Bench publish under load');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const counts = await load.stop();
    if (counts.non200.length || counts.mixed.length)
      console.log(`  under load: ${[...counts.non200, ...counts.mixed].slice(0, 5).join('; ')}`);
    return {
      shop: SHOP.segment,
      runs,
      triggerToServedMs: { median: median(all), max: Math.max(...all), all },
      underLoad: {
        ms,
        pages: counts.pages,
        assets: counts.assets,
        non200: counts.non200.length,
        mixed: counts.mixed.length,
      },
    };
  } finally {
    await server.close();
  }
}

/** One line per figure, for the bench's output. */
export function publishSummary(figures) {
  const { triggerToServedMs: t, underLoad: l } = figures;
  return [
    `Publish → served (${figures.shop}, ${figures.runs} runs): median ${t.median} ms, max ${t.max} ms`,
    `Switch under load: ${l.pages} pages and ${l.assets} assets in ${l.ms} ms, ${l.non200} non-200, ${l.mixed} mixed`,
  ].join('\n');
}
