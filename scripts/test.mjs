// npm test: typecheck, lint, unit tests, then end-to-end tests against the built site served with the services.
// Ends with one line "N passed, N failed" over all runners; exits non-zero if anything failed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite } from './lib/buildSite.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { root, run, startServices } from './lib/services.mjs';

const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function check(name, code) {
  // Typecheck and lint count as one check each.
  if (code === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    failedSteps.push(name);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const chromePath = ensureChromium();

console.log('\n▶ typecheck (astro check)');
check('typecheck', await run(process.execPath, [bin('astro', 'bin/astro.mjs'), 'check', '--minimumSeverity', 'warning']));

console.log('\n▶ lint (eslint)');
check('lint', await run(process.execPath, [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0']));

console.log('\n▶ unit tests (vitest)');
const vitestJson = path.join(resultsDir, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestCode = await run(process.execPath, [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  tally.passed += vitest.numPassedTests;
  tally.failed += vitest.numFailedTests;
  tally.skipped += vitest.numPendingTests + vitest.numTodoTests;
  if (vitestCode !== 0 && vitest.numFailedTests === 0) check('vitest (suite errors)', vitestCode);
} else check('vitest', vitestCode || 1);

console.log('\n▶ end-to-end tests (build + Playwright)');
// A throwaway database, so the tests never touch the one `npm start` uses.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
const services = await startServices({
  quiet: true,
  env: { DB_PATH: path.join(dataDir, 'test.sqlite'), OUTBOX_DIR: path.join(dataDir, 'outbox') },
});
try {
  const buildCode = await buildSite({ serviceOrigin: services.origin });
  if (buildCode !== 0) check('build', buildCode);
  else {
    const playwrightJson = path.join(resultsDir, 'playwright.json');
    fs.rmSync(playwrightJson, { force: true });
    const code = await run(process.execPath, [bin('@playwright/test', 'cli.js'), 'test'], {
      env: { BASE_URL: services.origin, CHROME_PATH: chromePath, DATA_DIR: dataDir, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    });
    const stats = readJson(playwrightJson)?.stats;
    if (stats) {
      tally.passed += stats.expected + stats.flaky;
      tally.failed += stats.unexpected;
      tally.skipped += stats.skipped;
      if (code !== 0 && stats.unexpected === 0) check('playwright (run errors)', code);
    } else check('playwright', code || 1);
  }
} finally {
  await services.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (failedSteps.length > 0) console.log(`\nFailed checks: ${failedSteps.join(', ')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed > 0 ? 1 : 0);
