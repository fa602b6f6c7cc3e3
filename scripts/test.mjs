// npm test: browser setup, a throwaway PostgreSQL cluster, typecheck, lint, unit tests (on SQLite, and on PostgreSQL
// too where it could be installed), then the end-to-end tests (Playwright builds the site and serves it with the
// services itself: see playwright.config.ts), Chromium and the cross-engine suite in Firefox and WebKit, under
// `xvfb-run` when there is no display. Ends with one line "N passed, N failed" over all runners; exits non-zero if
// anything failed.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './lib/services.mjs';
import { findChromium } from './lib/chromium.mjs';
import { findXvfbRun } from './lib/engines.mjs';
import { ensurePostgres, startThrowawayCluster } from './lib/postgres.mjs';
import { readToolConfig } from '../src/shared/config.ts';

const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names of the failed tests, printed again at the end so that the last lines of a CI log say what failed. */
const failedTests = [];

function check(name, code) {
  // Typecheck and lint count as one check each.
  if (code === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    failedSteps.push(name);
  }
}

/** The first non-empty line of a message, for a one-line summary. */
function firstLine(message) {
  return (
    String(message ?? '')
      .split('\n')
      .find((line) => line.trim() !== '') ?? '(no message)'
  );
}

/** Walks Playwright's JSON report and notes every test whose outcome was unexpected. */
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const titlePath = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected')
          failedTests.push(
            `playwright [${test.projectName}] ${spec.file}:${spec.line} › ${[...titlePath, spec.title].join(' › ')}`,
          );
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], titlePath);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Whether `package-lock.json` is as committed, so that a fresh clone stays clean after `npm install` (docs/commands.md).
 * Outside a git checkout there is nothing to compare with: it says so and passes.
 */
async function lockfileUnchanged() {
  if (!fs.existsSync(path.join(root, '.git'))) {
    console.log('not a git checkout: nothing to compare the lockfile with');
    return 0;
  }
  const code = await run('git', ['diff', '--exit-code', '--stat', '--', 'package-lock.json']);
  if (code !== 0)
    console.log('npm install changed package-lock.json: commit the lockfile npm writes (see the diff above).');
  return code;
}

console.log('\n▶ browser (npm run setup:browser)');
const browserCode = await run(process.execPath, [path.join(root, 'scripts/setup-browser.mjs')]);
check('browser setup', browserCode);

// The stores' tests run on SQLite, and on PostgreSQL too when a server is there (docs/commands.md#postgresql).
console.log("\n▶ PostgreSQL (a throwaway cluster for the stores' tests)");
const testDatabase = await startTestDatabase();

/** `TEST_DATABASE_URL` when set, else a throwaway cluster (installed first where missing), else nothing. */
async function startTestDatabase() {
  const given = readToolConfig().TEST_DATABASE_URL;
  if (given) {
    console.log(`TEST_DATABASE_URL is set: the stores' tests use that server.`);
    return { url: given, stop() {} };
  }
  const found = ensurePostgres();
  try {
    if (found.problem) throw new Error(found.problem);
    const cluster = await startThrowawayCluster(found.bin);
    console.log(`PostgreSQL ${path.basename(path.dirname(found.bin))}: a throwaway cluster at ${cluster.url}`);
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => (cluster.stop(), process.exit(130)));
    process.once('exit', () => cluster.stop());
    return cluster;
  } catch (error) {
    console.log(`${error instanceof Error ? error.message : String(error)}.`);
    console.log("The stores' tests run on SQLite only; that run still counts.");
    return undefined;
  }
}

console.log('\n▶ lockfile (npm install left package-lock.json as committed)');
check('lockfile', await lockfileUnchanged());

console.log('\n▶ typecheck (astro check)');
check(
  'typecheck',
  await run(process.execPath, [bin('astro', 'bin/astro.mjs'), 'check', '--minimumSeverity', 'warning']),
);

console.log('\n▶ lint (eslint)');
check('lint', await run(process.execPath, [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0']));

// The formatter's check (docs/commands.md): every code file as Prettier writes it.
console.log('\n▶ format (prettier --check)');
check(
  'format',
  await run(process.execPath, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']),
);

console.log('\n▶ unit tests (vitest)');
const vitestJson = path.join(resultsDir, 'vitest.json');
fs.rmSync(vitestJson, { force: true });
const vitestCode = await run(
  process.execPath,
  [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`],
  { env: { TEST_DATABASE_URL: testDatabase?.url ?? '' } },
);
testDatabase?.stop();
const vitest = readJson(vitestJson);
if (vitest) {
  tally.passed += vitest.numPassedTests;
  tally.failed += vitest.numFailedTests;
  tally.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') failedTests.push(`vitest ${where} › ${test.fullName}`);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'))
      failedTests.push(`vitest ${where}: ${firstLine(file.message)}`);
  }
  if (vitestCode !== 0 && vitest.numFailedTests === 0) check('vitest (suite errors)', vitestCode);
} else check('vitest', vitestCode || 1);

// Without Chromium nothing can run; without Firefox or WebKit their tests fail, each saying what to install.
if (findChromium()) {
  console.log('\n▶ end-to-end tests (Playwright: build, serve, test in Chromium, Firefox and WebKit)');
  const playwrightJson = path.join(resultsDir, 'playwright.json');
  fs.rmSync(playwrightJson, { force: true });
  const playwright = [bin('@playwright/test', 'cli.js'), 'test'];
  // Firefox and MiniBrowser open windows: on a machine without a display they get a virtual one.
  const xvfbRun = readToolConfig().DISPLAY ? undefined : findXvfbRun();
  const [command, args] = xvfbRun
    ? [xvfbRun, ['-a', '-s', '-screen 0 1920x1080x24', process.execPath, ...playwright]]
    : [process.execPath, playwright];
  // BASE_URL would point Playwright at an already served site; `npm test` always tests its own fresh build.
  const code = await run(command, args, { env: { BASE_URL: '', PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson } });
  const report = readJson(playwrightJson);
  const stats = report?.stats;
  collectPlaywrightFailures(report?.suites ?? [], []);
  if (stats) {
    tally.passed += stats.expected + stats.flaky;
    tally.failed += stats.unexpected;
    tally.skipped += stats.skipped;
    if (code !== 0 && stats.unexpected === 0) check('playwright (set-up or run errors)', code);
  } else check('playwright', code || 1);
}

if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((name) => `  ✘ ${name}`).join('\n')}`);
if (failedSteps.length > 0) console.log(`\nFailed checks: ${failedSteps.join(', ')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed > 0 ? 1 : 0);
