// npm run bench: builds (timed), serves the lazy-island build and an eager one (every island client:load), and
// measures /de/, /tr/ and /de/checkout/ on mobile and desktop with Lighthouse (median of BENCH_RUNS, default 3)
// and Playwright (bytes as sent, and on the wire with headers: requests and bytes before the first interaction).
// Adds a Lighthouse user flow (timespan, mobile) on /de/: reach the sign-up's e-mail field (a mouse click, and on the
// production build also a 100 ms tap), type, submit, wait for the success message; INP, first focus to interactive
// island, the flow's requests, bytes and chain depth, and the sign of intent the island's code was fetched on, for
// the production build (client:interaction) and the eager build, with their ratio. Prints tables and writes reports/bench.json. See docs/performance.md.
// BENCH_ONLY=flow: only the user flow (builds only the `de` shop of both variants, skips Lighthouse page audits).
// Also the publisher (scripts/lib/benchPublish.mjs): content trigger to served, and a release switch under load.
// BENCH_ONLY=publish: only that, written to reports/bench-publish.json.
// Also times a staff preview render of /de/ (median of 5) against the static page; BENCH_ONLY=preview: only that.
// Also mail through a local SMTP server (scripts/lib/benchMail.mjs): mails per second draining a queue, sign-up to
// arrival; BENCH_ONLY=mail: only that, written to reports/bench-mail.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildSite } from './lib/buildSite.mjs';
import { chromiumArgs, requireChromium } from './lib/chromium.mjs';
import { lighthouseMedian } from './lib/lighthouse.mjs';
import { freePort, root, startServices } from './lib/services.mjs';
import { measureTransfer } from './lib/transferBytes.mjs';
import { measurePreviewRender } from './lib/benchPreview.mjs';
import { DEMO_STAFF } from '../server/preview/staffAccounts.ts';
import { flowRatios, measureUserFlow } from './lib/userFlow.mjs';
import { measurePublish, publishSummary } from './lib/benchPublish.mjs';
import { mailSummary, measureMail } from './lib/benchMail.mjs';
import { readToolConfig } from '../src/shared/config.ts';

const urls = ['/de/', '/tr/', '/de/checkout/'];
const formFactors = ['mobile', 'desktop'];
const { BENCH_RUNS: runs, BENCH_ONLY: only } = readToolConfig();
const flowOnly = only === 'flow';
const previewOnly = only === 'preview';
// Parts that run on their own: measured, printed, and written to reports/bench-{part}.json.
const aloneParts = { publish: [measurePublish, publishSummary], mail: [measureMail, mailSummary] };
if (Object.hasOwn(aloneParts, only ?? '')) {
  const [measure, summary] = aloneParts[only];
  const figures = await measure();
  console.log(summary(figures));
  fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `reports/bench-${only}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), [only]: figures }, null, 2)}\n`,
  );
  process.exit(0);
}
if (only && !flowOnly && !previewOnly)
  throw new Error(`BENCH_ONLY=${only}: only \`flow\`, \`preview\`, \`publish\` and \`mail\` are known`);
const flowUrl = '/de/';
const debuggingPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const serviceEnv = { DB_PATH: path.join(dataDir, 'bench.sqlite'), OUTBOX_DIR: path.join(dataDir, 'outbox') };

async function timed(label, task) {
  const started = process.hrtime.bigint();
  const code = await task();
  if (code !== 0) throw new Error(`${label} failed`);
  return Number((Number(process.hrtime.bigint() - started) / 1e9).toFixed(1));
}

// A comparison build is a site of its own: .build/{name} links to its live release, kept beside it.
const variant = (name) => ({ distDir: `.build/${name}`, releasesDir: `.build/${name}-releases` });

const services = await startServices({ quiet: true, env: serviceEnv });
let build;
if (previewOnly) {
  await timed('build of all shops and the preview renderer', () => buildSite({ serviceOrigin: services.origin }));
} else if (flowOnly) {
  await timed('build of /de/', () => buildSite({ serviceOrigin: services.origin, shops: ['de'] }));
  await timed('eager build of /de/', () =>
    buildSite({ serviceOrigin: services.origin, shops: ['de'], ...variant('eager'), env: { ISLANDS: 'eager' } }),
  );
} else {
  build = {
    allSeconds: await timed('build of all shops', () => buildSite({ serviceOrigin: services.origin })),
    oneSeconds: await timed('build of one shop', () => buildSite({ serviceOrigin: services.origin, shops: ['de'] })),
  };
  await timed('eager build', () =>
    buildSite({ serviceOrigin: services.origin, ...variant('eager'), env: { ISLANDS: 'eager' } }),
  );
}
await services.stop();

/** Staff preview render of /de/ on the production build (scripts/lib/benchPreview.mjs). */
async function measurePreview() {
  const site = await startServices({ quiet: true, env: serviceEnv });
  try {
    const { STAFF_USER, STAFF_PASSWORD } = readToolConfig();
    const credentials = {
      username: STAFF_USER ?? DEMO_STAFF.username,
      password: STAFF_PASSWORD ?? DEMO_STAFF.password,
    };
    const figures = await measurePreviewRender({ origin: site.origin, credentials });
    console.log(
      `Preview render of ${figures.page}: median ${figures.previewMedianMs} ms of ${figures.runs} (first ${figures.firstRenderMs} ms), static page ${figures.staticMedianMs} ms`,
    );
    return figures;
  } finally {
    await site.stop();
  }
}
const preview = flowOnly ? undefined : await measurePreview();
if (previewOnly) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

const browser = await chromium.launch({
  executablePath: requireChromium(),
  // Playwright turns the back/forward cache off by default; Lighthouse audits it, so give the pages a real browser.
  ignoreDefaultArgs: ['--disable-back-forward-cache'],
  args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
});

/** `flow`: the gestures to run the user flow with (`click`, `tap`), none to skip it. */
async function measureVariant(distDir, { audits = true, flow = [] } = {}) {
  const site = await startServices({ quiet: true, env: { ...serviceEnv, DIST_DIR: distDir } });
  const pages = {};
  try {
    if (flow.length > 0) {
      const figures = {};
      for (const gesture of flow) {
        figures[gesture] = await measureUserFlow(site.origin + flowUrl, debuggingPort, runs, gesture);
        const f = figures[gesture];
        console.log(
          `  flow ${flowUrl} (${gesture}): INP ${f.inpMs} ms, focus→interactive ${f.focusToInteractiveMs} ms, ${f.flowRequests} requests (chain depth ${f.chainDepth}), ${f.flowBytes} B`,
        );
      }
      if (!audits) return { flow: figures };
      pages.flow = figures;
    }
    for (const url of urls) {
      pages[url] = {};
      for (const formFactor of formFactors) {
        const lh = await lighthouseMedian(site.origin + url, debuggingPort, formFactor, runs);
        const bytes = await measureTransfer(browser, site.origin + url, formFactor);
        pages[url][formFactor] = { ...lh, ...bytes };
        console.log(
          `  ${url} ${formFactor}: perf ${lh.performance}, LCP ${lh.lcpMs} ms, before interaction ${bytes.scriptRequests} script(s), ${bytes.wireScriptBytes} B JS on the wire`,
        );
      }
    }
  } finally {
    await site.stop();
  }
  return pages;
}

// The production build's flow with a mouse click and with a tap; the eager build's (hydrated at load) with a click.
const gestures = ['click', 'tap'];
const flowFigures = (interaction, eagerFlow) => ({
  url: flowUrl,
  interaction,
  eager: eagerFlow.click,
  ratio: flowRatios(interaction.click, eagerFlow.click),
});

let pages;
let eager;
let flow;
if (flowOnly) {
  console.log('\nUser flow on the production build (islands hydrate on interaction)…');
  const interaction = (await measureVariant(path.join(root, 'dist'), { audits: false, flow: gestures })).flow;
  console.log('User flow on the eager build (every island client:load)…');
  const eagerFlow = (await measureVariant(path.join(root, '.build/eager'), { audits: false, flow: ['click'] })).flow;
  flow = flowFigures(interaction, eagerFlow);
} else {
  console.log('\nMeasuring the production build (islands hydrate on interaction)…');
  pages = await measureVariant(path.join(root, 'dist'), { flow: gestures });
  console.log('Measuring the eager build (every island client:load)…');
  eager = { pages: await measureVariant(path.join(root, '.build/eager'), { flow: ['click'] }) };
  flow = flowFigures(pages.flow, eager.pages.flow);
  delete pages.flow;
  delete eager.pages.flow;
}
await browser.close();
fs.rmSync(dataDir, { recursive: true, force: true });
const publish = flowOnly || previewOnly ? undefined : await measurePublish();
const mail = flowOnly || previewOnly ? undefined : await measureMail();

const report = {
  machine: `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`,
  date: new Date().toISOString(),
  runs,
  build,
  pages,
  eager,
  flow,
  preview,
  publish,
  mail,
};
fs.mkdirSync(path.join(root, 'reports'), { recursive: true });
fs.writeFileSync(path.join(root, 'reports/bench.json'), `${JSON.stringify(report, null, 2)}\n`);

if (!flowOnly) {
  const columns = [
    'performance',
    'accessibility',
    'bestPractices',
    'seo',
    'lcpMs',
    'cls',
    'tbtMs',
    'htmlGz',
    'cssGz',
    'jsGzInitial',
    'scriptRequests',
    'wireScriptBytes',
    'wireRequests',
    'wireBytes',
    'jsGzScrolled',
    'thirdParty',
  ];
  const rows = [];
  for (const [variant, set] of [
    ['islands', pages],
    ['eager', eager.pages],
  ]) {
    for (const url of urls)
      for (const ff of formFactors)
        rows.push({ variant, page: url, device: ff, ...Object.fromEntries(columns.map((c) => [c, set[url][ff][c]])) });
  }
  console.log(`\nBuild: all shops ${build.allSeconds} s, one shop ${build.oneSeconds} s (${report.machine})`);
  console.table(rows);
  const failed = [...new Set(Object.values(pages).flatMap((p) => Object.values(p).flatMap((m) => m.failedAudits)))];
  if (failed.length) console.log(`Lighthouse audits not passed: ${failed.join(', ')}`);
}
const flowColumns = [
  'inpMs',
  'focusToInteractiveMs',
  'flowRequests',
  'scriptRequests',
  'chainDepth',
  'flowBytes',
  'firstIntent',
  'preloadLeadMs',
];
console.log(
  `\nUser flow on ${flowUrl} (mobile, timespan; median of ${runs}; INP from ${flow.interaction.click.inpSource} / ${flow.eager.inpSource}):`,
);
console.table([
  ...gestures.map((gesture) => ({
    variant: `interaction, ${gesture}`,
    ...Object.fromEntries(flowColumns.map((c) => [c, flow.interaction[gesture][c]])),
  })),
  { variant: 'eager, click', ...Object.fromEntries(flowColumns.map((c) => [c, flow.eager[c]])) },
  { variant: 'ratio interaction/eager (click)', ...flow.ratio },
]);
console.log(
  'firstIntent: the first sign of intent on the sign-up before its first focus; preloadLeadMs: how long before that focus its code was asked for (0 or less: on the interaction itself).',
);
if (publish) console.log(`\n${publishSummary(publish)}`);
if (mail) console.log(`\n${mailSummary(mail)}`);
console.log('Written to reports/bench.json');
