// npm run bench: builds (timed), serves the lazy-island build and an eager one (every island client:load), and
// measures /de/, /tr/ and /de/checkout/ on mobile and desktop with Lighthouse (median of BENCH_RUNS, default 3)
// and Playwright (bytes, requests). Prints a table and writes reports/bench.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildSite } from './lib/buildSite.mjs';
import { chromiumArgs, requireChromium } from './lib/chromium.mjs';
import { lighthouseMedian } from './lib/lighthouse.mjs';
import { root, startServices } from './lib/services.mjs';
import { measureTransfer } from './lib/transferBytes.mjs';

const urls = ['/de/', '/tr/', '/de/checkout/'];
const formFactors = ['mobile', 'desktop'];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const debuggingPort = 9333;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const serviceEnv = { DB_PATH: path.join(dataDir, 'bench.sqlite'), OUTBOX_DIR: path.join(dataDir, 'outbox') };

async function timed(label, task) {
  const started = process.hrtime.bigint();
  const code = await task();
  if (code !== 0) throw new Error(`${label} failed`);
  return Number((Number(process.hrtime.bigint() - started) / 1e9).toFixed(1));
}

const services = await startServices({ quiet: true, env: serviceEnv });
const build = {
  allSeconds: await timed('build of all shops', () => buildSite({ serviceOrigin: services.origin })),
  oneSeconds: await timed('build of one shop', () => buildSite({ serviceOrigin: services.origin, shops: ['de'] })),
};
await timed('eager build', () => buildSite({ serviceOrigin: services.origin, outDir: '.build/eager', env: { ISLANDS: 'eager' } }));
await services.stop();

const browser = await chromium.launch({
  executablePath: requireChromium(),
  // Playwright turns the back/forward cache off by default; Lighthouse audits it, so give the pages a real browser.
  ignoreDefaultArgs: ['--disable-back-forward-cache'],
  args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
});

async function measureVariant(distDir) {
  const site = await startServices({ quiet: true, env: { ...serviceEnv, DIST_DIR: distDir } });
  const pages = {};
  try {
    for (const url of urls) {
      pages[url] = {};
      for (const formFactor of formFactors) {
        const lh = await lighthouseMedian(site.origin + url, debuggingPort, formFactor, runs);
        const bytes = await measureTransfer(browser, site.origin + url, formFactor);
        pages[url][formFactor] = { ...lh, ...bytes };
        console.log(`  ${url} ${formFactor}: perf ${lh.performance}, LCP ${lh.lcpMs} ms, JS ${bytes.jsGzInitial}/${bytes.jsGzScrolled} B`);
      }
    }
  } finally {
    await site.stop();
  }
  return pages;
}

console.log('\nMeasuring the production build (islands hydrate when visible)…');
const pages = await measureVariant(path.join(root, 'dist'));
console.log('Measuring the eager build (every island client:load)…');
const eager = { pages: await measureVariant(path.join(root, '.build/eager')) };
await browser.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const report = { machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`, date: new Date().toISOString(), runs, build, pages, eager };
fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
fs.writeFileSync(path.join(root, 'reports/bench.json'), `${JSON.stringify(report, null, 2)}\n`);

const columns = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'cls', 'tbtMs', 'htmlGz', 'cssGz', 'jsGzInitial', 'jsGzScrolled', 'requests', 'thirdParty'];
const rows = [];
for (const [variant, set] of [['islands', pages], ['eager', eager.pages]]) {
  for (const url of urls) for (const ff of formFactors) rows.push({ variant, page: url, device: ff, ...Object.fromEntries(columns.map((c) => [c, set[url][ff][c]])) });
}
console.log(`\nBuild: all shops ${build.allSeconds} s, one shop ${build.oneSeconds} s (${report.machine})`);
console.table(rows);
const failed = [...new Set(Object.values(pages).flatMap((p) => Object.values(p).flatMap((m) => m.failedAudits)))];
if (failed.length) console.log(`Lighthouse audits not passed: ${failed.join(', ')}`);
console.log('Written to reports/bench.json');
