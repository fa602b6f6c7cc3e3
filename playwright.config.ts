import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium, findHeadlessChromium } from './scripts/lib/chromium.mjs';
import { handOn, readToolConfig } from './src/shared/config.ts';
import type { EngineName } from './tests/engines/support/enginePage.ts';

// The site under test: the one `npm test` started and built once (`TEST_SITE_ORIGIN`, with its `DATA_DIR`), an already
// served site (`BASE_URL`, whose outbox is `.data/outbox` unless DATA_DIR says otherwise), or else one that
// `globalSetup` starts and builds for this run (scripts/lib/testSite.mjs) on `E2E_PORT`. An empty BASE_URL means none.
// The config is loaded again in every worker, after globalSetup has put the site's settings into the environment.
const config = readToolConfig();
const external = config.BASE_URL;
const handedOn = config.TEST_SITE_ORIGIN;
const baseURL = handedOn ?? external ?? `http://localhost:${config.E2E_PORT}`;
if (external && !handedOn && !config.DATA_DIR) handOn('DATA_DIR', '.data');

/** Headed runs (`--headed`, `--debug`, `--ui`) need the whole browser; headless ones take the lighter shell. */
const headed = process.argv.some((arg) => ['--headed', '--debug', '--ui'].includes(arg));
const headlessChromium = headed ? findChromium() : findHeadlessChromium();

export default defineConfig<object, { engine: EngineName }>({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two: on 2 cores three workers took 233 s for the browser layer, two 209 s (docs/commands.md#test-layers).
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // The JSON report goes where `npm test` reads its counts (scripts/test.mjs).
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  globalSetup: handedOn || external ? undefined : './tests/support/globalSetup.ts',
  // Visual baselines (tests/visual) sit next to their spec, without the OS or browser suffix, so the committed ones
  // are found on any machine. Regenerate them with `npm run test:visual:update`.
  snapshotPathTemplate: '{testDir}/{testFileDir}/{testFileName}-snapshots/{arg}{ext}',
  expect: {
    // Waits assert what happens, not how fast (speed is measured in benchmarks): on a 2-core CI machine running two
    // workers, a plain form's post and redirect has taken just over Playwright's default 5 s.
    timeout: 10_000,
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL,
    // No trace: recording one for every test cost a quarter of the browser layer's time (76 s against 56 s for four
    // specs). To see a failure step by step, run its spec again with `--trace on`.
    trace: 'off',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  // Everything in Chromium; the core flows also in Firefox and WebKit (tests/engines, docs/commands.md#cross-engine-suite),
  // driven through their own WebDriver and needing a display (`xvfb-run`; `npm test` provides one).
  // The screenshot baselines (tests/visual) are a project of their own, run by `npm run test:visual`, not by `npm test`:
  // they compare pixels, which the browser layer's assertions on roles, text, focus and boxes do not need.
  projects: [
    {
      name: 'chromium',
      testIgnore: ['engines/**', 'visual/**'],
      // Headless, Chromium's headless shell where installed: the same engine, a third less CPU per test.
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: headlessChromium, args: chromiumArgs } },
    },
    { name: 'visual', testMatch: 'visual/**/*.spec.ts', use: { ...devices['Desktop Chrome'] } },
    ...(['firefox', 'webkit'] as const).map((engine) => ({
      name: engine,
      testMatch: 'engines/**/*.spec.ts',
      timeout: 60_000,
      use: { engine },
    })),
  ],
});
