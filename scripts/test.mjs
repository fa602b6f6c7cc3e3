// npm test: every check of the project in layers (docs/commands.md#test-layers), in about ten minutes on a 2-core
// machine. Side by side first: the test tools (browsers, Java, PostgreSQL: `setup:browser`), the static checks
// (lockfile, typecheck, lint, format) and the site under test (the services on throwaway data, every shop built once).
// Then, one after the other, the unit layer (Vitest, on SQLite and on a throwaway PostgreSQL cluster), the site layer
// (Vitest over the built release's files and HTTP) and the browser layer (Playwright: Chromium, and the cross-engine
// suite in Firefox and WebKit under `xvfb-run` when there is no display), the last two against that one site; the
// build tests (Vitest project `build`) beside all three. Ends with the time of each
// layer, the ten slowest test files, the names of the failed tests and one line "N passed, N failed"; exits non-zero
// if anything failed.
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { freePort, root, run } from './lib/services.mjs';
import { findChromium } from './lib/chromium.mjs';
import { findXvfbRun } from './lib/engines.mjs';
import { ensurePostgres, startThrowawayCluster } from './lib/postgres.mjs';
import { startTestSite } from './lib/testSite.mjs';
import { runBuffered } from './lib/runBuffered.mjs';
import { cpuSecondsSoFar } from './lib/childCpu.mjs';
import { playwrightFiles, playwrightFailures, vitestFailures, vitestFiles } from './lib/testReports.mjs';
import { handOn, readCompileCacheDir, readToolConfig } from '../src/shared/config.ts';

// Every Node process of the run (Vitest's workers, the dozens of servers the tests start, Astro's builds, Playwright's
// workers) keeps the V8 code of the modules it compiles on disk, and the next one to load them skips compiling them
// (docs/commands.md#test-layers). Node checks each module's contents against its cache entry.
handOn('NODE_COMPILE_CACHE', readCompileCacheDir(path.join(root, 'node_modules', '.cache', 'node-compile-cache')));
module.enableCompileCache();

const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const resultsDir = path.join(root, 'test-results');
fs.mkdirSync(resultsDir, { recursive: true });
const started = Date.now();
const tally = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Names of the failed tests, printed again at the end so that the last lines of a CI log say what failed. */
const failedTests = [];
/** Wall time of each layer, in the order they ran, and the CPU time its finished processes used. */
const layerTimes = [];
/** Every test file's time, from the runners' reports. */
const fileTimes = [];

function check(name, code) {
  // Set-up steps, typecheck, lint and format count as one check each.
  if (code === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    failedSteps.push(name);
  }
}

/**
 * CPU of processes that ran beside the layers and were counted apart (the build tests): taken out of the layer during
 * which they ended, as `cpuSecondsSoFar` counts a child when it ends.
 */
let cpuCountedApart = 0;

/**
 * Runs `work` as one layer and notes its wall time and CPU time, in the order the layers start. `cpuOf`: the layer's
 * CPU as counted apart (by `cpuOfCommand.mjs`), for a layer that runs beside others.
 */
async function layer(name, work, { cpuOf } = {}) {
  const entry = { name };
  layerTimes.push(entry);
  const from = Date.now();
  const cpuFrom = cpuSecondsSoFar();
  const apartFrom = cpuCountedApart;
  try {
    return await work();
  } finally {
    entry.ms = Date.now() - from;
    if (cpuOf) {
      entry.cpu = cpuOf();
      cpuCountedApart += entry.cpu ?? 0;
    } else {
      const cpuTo = cpuSecondsSoFar();
      entry.cpu = cpuFrom === undefined ? undefined : cpuTo - cpuFrom - (cpuCountedApart - apartFrom);
    }
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
  if (!fs.existsSync(path.join(root, '.git'))) return { code: 0, output: 'not a git checkout: nothing to compare' };
  const result = await runBuffered('git', ['diff', '--exit-code', '--stat', '--', 'package-lock.json']);
  if (result.code !== 0)
    result.output += 'npm install changed package-lock.json: commit the lockfile npm writes (see the diff above).\n';
  return result;
}

/** `TEST_DATABASE_URL` when set, else a throwaway cluster (its server installed by setup:browser), else nothing. */
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
    return cluster;
  } catch (error) {
    console.log(`${error instanceof Error ? error.message : String(error)}.`);
    console.log("The stores' tests run on SQLite only; that run still counts.");
    return undefined;
  }
}

/** The browser layer: Playwright against the site under test, in Chromium, Firefox and WebKit. */
async function browserLayer(site) {
  console.log('\n▶ browser tests (Playwright: Chromium, Firefox and WebKit)');
  const json = path.join(resultsDir, 'playwright.json');
  fs.rmSync(json, { force: true });
  const playwright = [
    bin('@playwright/test', 'cli.js'),
    'test',
    '--project=chromium',
    '--project=firefox',
    '--project=webkit',
  ];
  // Firefox and MiniBrowser open windows: on a machine without a display they get a virtual one.
  const xvfbRun = readToolConfig().DISPLAY ? undefined : findXvfbRun();
  const [command, args] = xvfbRun
    ? [xvfbRun, ['-a', '-s', '-screen 0 1920x1080x24', process.execPath, ...playwright]]
    : [process.execPath, playwright];
  // BASE_URL would point Playwright at another served site; `npm test` tests its own.
  const code = await run(command, args, { env: { ...site.env, BASE_URL: '', PLAYWRIGHT_JSON_OUTPUT_NAME: json } });
  const report = readJson(json);
  const stats = report?.stats;
  failedTests.push(...playwrightFailures(report?.suites ?? []));
  fileTimes.push(...playwrightFiles(report?.suites ?? []));
  if (stats) {
    tally.passed += stats.expected + stats.flaky;
    tally.failed += stats.unexpected;
    tally.skipped += stats.skipped;
    if (code !== 0 && stats.unexpected === 0) check('playwright (set-up or run errors)', code);
  } else check('playwright', code || 1);
}

/** Adds a Vitest JSON report to the tally, the failures and the file times. */
function countVitest(name, file, code) {
  const report = readJson(file);
  if (!report) return check(name, code || 1);
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
  failedTests.push(...vitestFailures(report, root));
  fileTimes.push(...vitestFiles(report, root));
  if (code !== 0 && report.numFailedTests === 0) check(`${name} (suite errors)`, code);
}

/**
 * Vitest's projects, their JSON report read afterwards. `buffered`: it runs beside other layers, whose output goes on
 * live; it answers its CPU seconds and `report`, which prints its output whole and counts its results.
 */
async function vitest(projects, env, { buffered = false } = {}) {
  const json = path.join(resultsDir, `vitest-${projects[0]}.json`);
  fs.rmSync(json, { force: true });
  const args = [
    bin('vitest', 'vitest.mjs'),
    'run',
    ...projects.map((project) => `--project=${project}`),
    '--reporter=dot',
    '--reporter=json',
    `--outputFile=${json}`,
  ];
  if (buffered) {
    // Through cpuOfCommand.mjs, which counts the run's CPU apart from the layers it runs beside.
    const cpuReport = path.join(resultsDir, `cpu-${projects[0]}.json`);
    fs.rmSync(cpuReport, { force: true });
    const command = [path.join(root, 'scripts/lib/cpuOfCommand.mjs'), cpuReport, process.execPath, ...args];
    const result = await runBuffered(process.execPath, command, { env: { ...env, FORCE_COLOR: '1' } });
    return {
      cpuSeconds: readJson(cpuReport)?.cpuSeconds,
      report: () => {
        console.log(
          `\n▶ vitest ${projects.join(' and ')}: ${result.code === 0 ? 'passed' : 'FAILED'}\n${result.output}`,
        );
        countVitest(`vitest ${projects.join(' and ')}`, json, result.code);
      },
    };
  }
  countVitest(`vitest ${projects.join(' and ')}`, json, await run(process.execPath, args, { env }));
  return undefined;
}

// Everyone's clean-ups, also on Ctrl-C or a failure half-way.
const cleanups = [];
const cleanUp = async () => {
  for (const stop of cleanups.splice(0).reverse()) await stop();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

// Static layer, side by side: the tools' installation (mostly waiting for apt), the site under test (its build) and the
// static checks, two at a time. Their output is printed whole as each ends, so the log stays readable.
const site = await layer('static checks, tools and the site build', async () => {
  const tools = runBuffered(process.execPath, [path.join(root, 'scripts/setup-browser.mjs')]);
  // On a port the system gives it, not E2E_PORT: a second suite running beside this one (another clone) has its own.
  const building = startTestSite({ port: await freePort(), quiet: false }).then(
    (started) => (cleanups.push(started.stop), started),
    (error) => error,
  );
  const steps = [
    ['lockfile (npm install left package-lock.json as committed)', lockfileUnchanged],
    [
      'typecheck (astro check)',
      () => runBuffered(process.execPath, [bin('astro', 'bin/astro.mjs'), 'check', '--minimumSeverity', 'warning']),
    ],
    [
      'lint (eslint)',
      () => runBuffered(process.execPath, [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0']),
    ],
    [
      'format (prettier --check)',
      () => runBuffered(process.execPath, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']),
    ],
  ];
  const runStep = async ([name, work]) => {
    const result = await work();
    console.log(`\n▶ ${name}: ${result.code === 0 ? 'passed' : 'FAILED'}\n${result.output.trimEnd()}`);
    check(name.split(' (')[0], result.code);
  };
  const queue = [...steps];
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length > 0) await runStep(queue.shift());
    }),
  );
  const toolsResult = await tools;
  console.log(`\n▶ test tools (npm run setup:browser)\n${toolsResult.output.trimEnd()}`);
  check('browser setup', toolsResult.code);
  const built = await building;
  if (built instanceof Error) {
    console.log(`\n▶ the site under test: FAILED\n${built.message}`);
    check('site under test', 1);
    return undefined;
  }
  console.log(`\n▶ the site under test: built and served at ${built.origin}`);
  return built;
});

try {
  // The stores' tests run on SQLite, and on PostgreSQL too when a server is there (docs/commands.md#postgresql).
  console.log("\n▶ PostgreSQL (a throwaway cluster for the stores' tests)");
  const database = await startTestDatabase();
  if (database) cleanups.push(database.stop);

  // The build tests (whole Astro builds and server processes, one file at a time, often waiting) run beside the unit,
  // site and browser layers, which run one after the other: the cores the build tests leave idle are used by the
  // others. The build tests' output comes whole at the end, after the browser layer's.
  const databaseEnv = { TEST_DATABASE_URL: database?.url ?? '' };
  let buildRun;
  const buildTests = layer(
    'build (vitest: build, beside the layers below)',
    async () => (buildRun = await vitest(['build'], databaseEnv, { buffered: true })),
    { cpuOf: () => buildRun?.cpuSeconds },
  );
  console.log('\n▶ unit tests (vitest: unit and services; the build tests run beside them, their output at the end)');
  await layer('unit (vitest: unit and services)', () => vitest(['unit', 'services'], databaseEnv));
  if (site) {
    await layer('site (vitest)', async () => {
      console.log('\n▶ site tests (vitest over the built release: files and HTTP)');
      await vitest(['site'], site.env);
    });
    // Without Chromium nothing can run; without Firefox or WebKit their tests fail, each saying what to install.
    if (findChromium()) await layer('browser (playwright)', () => browserLayer(site));
  }
  await buildTests;
  buildRun.report();
} finally {
  await cleanUp();
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
// CPU: what each layer's processes used on all cores, as they ended (the site under test's server counts at the end).
const cpu = (value) => (value === undefined ? '' : `${value.toFixed(0)} core-s`.padStart(12));
console.log('\nTime per layer (wall, and CPU on all cores):');
for (const { name, ms, cpu: used } of layerTimes) console.log(`  ${seconds(ms).padStart(8)}${cpu(used)}  ${name}`);
console.log(`  ${seconds(Date.now() - started).padStart(8)}${cpu(cpuSecondsSoFar())}  in all`);
console.log('The ten slowest test files (Playwright: the sum over its tests, in worker time):');
for (const { file, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`  ${seconds(ms).padStart(8)}  ${file}`);
if (failedTests.length > 0) console.log(`\nFailed tests:\n${failedTests.map((name) => `  ✘ ${name}`).join('\n')}`);
if (failedSteps.length > 0) console.log(`\nFailed checks: ${failedSteps.join(', ')}`);
console.log(`\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed > 0 ? 1 : 0);
