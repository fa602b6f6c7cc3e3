import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/lib/chromium.mjs';
import { handOn, readToolConfig } from './src/shared/config.ts';
import type { EngineName } from './tests/engines/support/enginePage.ts';

// Against a site that is already served (`BASE_URL`), the tests only run. Otherwise Playwright starts the services
// on a throwaway database (`webServer`, ready once its port accepts connections) and `globalSetup` builds the site from
// their content into a throwaway release folder, which the services serve.
// An empty BASE_URL (as `npm test` passes) means none.
const config = readToolConfig();
const external = config.BASE_URL;
const port = config.E2E_PORT;
const baseURL = external ?? `http://localhost:${port}`;
// The config is loaded again in every worker: the data folder is made once and handed on through the environment
// (tests read the confirmation e-mails from its outbox).
const dataDir = config.DATA_DIR ?? (external ? '.data' : fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-')));
if (!external) {
  handOn('DATA_DIR', dataDir);
  // The site under test and its preview renderer are built and served from the same folder, never this checkout's
  // dist/ or .data/: a test run must not replace what `npm start` is serving. Code built outside the checkout finds
  // its packages through a link (docs/operations.md#data-folders).
  handOn('DIST_DIR', path.join(dataDir, 'dist'));
  handOn('RELEASES_DIR', path.join(dataDir, 'releases'));
  handOn('PREVIEW_RENDERER_DIR', path.join(dataDir, 'preview-renderer'));
}

export default defineConfig<object, { engine: EngineName }>({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // The JSON report goes where `npm test` reads its counts (scripts/test.mjs).
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  globalSetup: external ? undefined : './tests/support/globalSetup.ts',
  globalTeardown: external ? undefined : './tests/support/globalTeardown.ts',
  webServer: external
    ? undefined
    : {
        command: `"${process.execPath}" server/main.ts`,
        // The port, not the health call: that answers 503 until globalSetup has built the first release.
        port,
        timeout: 60_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        // Two workers sign up for real through the island and the plain form; the throttle itself is tested over HTTP
        // (tests/security/edge-newsletter-forms.test.ts), not by chance here.
        env: {
          PORT: String(port),
          PUBLISHER: 'no-catch-up',
          DB_PATH: path.join(dataDir, 'test.sqlite'),
          OUTBOX_DIR: path.join(dataDir, 'outbox'),
          NEWSLETTER_SIGNUPS_PER_MINUTE: '600',
          // Every test signs up at example.com: the caps on confirmation mails per domain must not count them.
          NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '1000000',
          NEWSLETTER_CONFIRMATIONS_PER_HOUR: '1000000',
        },
      },
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
    trace: 'retain-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  // Everything in Chromium; the core flows also in Firefox and WebKit (tests/engines, docs/commands.md#cross-engine-suite),
  // driven through their own WebDriver and needing a display (`xvfb-run`; `npm test` provides one).
  projects: [
    { name: 'chromium', testIgnore: 'engines/**', use: { ...devices['Desktop Chrome'] } },
    ...(['firefox', 'webkit'] as const).map((engine) => ({
      name: engine,
      testMatch: 'engines/**/*.spec.ts',
      timeout: 60_000,
      use: { engine },
    })),
  ],
});
