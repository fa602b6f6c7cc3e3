// npm run test:changed [-- <ref>]: the fast inner loop (docs/commands.md#the-inner-loop). Runs the tests the changed
// files touch, uncommitted changes by default or everything since `<ref>` (e.g. `main`, `HEAD~3`): the unit layer
// through Vitest's module graph (`--changed`), and the site and browser layers' affected files (Vitest's `--changed`,
// Playwright's `--only-changed`), against one site under test built once, only when one of them has something to run.
// No static checks, no cross-engine run unless an engine test changed: `npm test` remains the whole truth.
import path from 'node:path';
import { freePort, root, run } from './lib/services.mjs';
import { runBuffered } from './lib/runBuffered.mjs';
import { startTestSite } from './lib/testSite.mjs';
import { findXvfbRun } from './lib/engines.mjs';
import { readToolConfig } from '../src/shared/config.ts';

const since = process.argv[2];
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);
const vitest = (command, projects) => [
  bin('vitest', 'vitest.mjs'),
  ...command,
  since ? `--changed=${since}` : '--changed',
  '--passWithNoTests',
  ...projects.map((project) => `--project=${project}`),
];
const playwright = ['test', since ? `--only-changed=${since}` : '--only-changed'];

/** The test files of `projects` the change touches. */
async function changedVitestFiles(projects) {
  const { output } = await runBuffered(process.execPath, vitest(['list', '--filesOnly'], projects));
  return output.split('\n').filter((line) => /\.test\.(ts|tsx|mjs)$/.test(line.trim()));
}

/** The Playwright tests the change touches (a count from `--list`). */
async function changedPlaywrightTests() {
  const { output } = await runBuffered(process.execPath, [bin('@playwright/test', 'cli.js'), ...playwright, '--list']);
  return Number(/Total: (\d+) tests?/.exec(output)?.[1] ?? 0);
}

let failed = 0;
console.log(`▶ unit tests touched by the changes ${since ? `since ${since}` : 'not yet committed'}`);
failed += (await run(process.execPath, vitest(['run'], ['unit', 'services', 'build']))) === 0 ? 0 : 1;

const siteFiles = await changedVitestFiles(['site']);
const browserTests = await changedPlaywrightTests();
console.log(`\n${siteFiles.length} site test file(s) and ${browserTests} browser test(s) touched.`);
if (siteFiles.length > 0 || browserTests > 0) {
  const site = await startTestSite({ port: await freePort(), quiet: false });
  try {
    if (siteFiles.length > 0)
      failed += (await run(process.execPath, vitest(['run'], ['site']), { env: site.env })) === 0 ? 0 : 1;
    if (browserTests > 0) {
      const xvfbRun = readToolConfig().DISPLAY ? undefined : findXvfbRun();
      const args = [bin('@playwright/test', 'cli.js'), ...playwright];
      const code = xvfbRun
        ? await run(xvfbRun, ['-a', '-s', '-screen 0 1920x1080x24', process.execPath, ...args], { env: site.env })
        : await run(process.execPath, args, { env: site.env });
      failed += code === 0 ? 0 : 1;
    }
  } finally {
    await site.stop();
  }
}
process.exit(failed > 0 ? 1 : 0);
