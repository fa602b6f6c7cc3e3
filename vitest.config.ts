import { defineConfig } from 'vitest/config';

// Three layers (docs/commands.md#test-layers). `npm test` runs unit, then site against the one site it built, with
// build beside them; `npx vitest run --project site` on its own starts and builds a site of its own first.
//
// Tests that build the site themselves: each says why in its first comment. They run one at a time (`build`), beside
// the unit, site and browser layers, so that two Astro builds never share the two cores with each other.
const buildingTests = [
  'tests/publish/**/*.test.ts',
  'tests/faults/dataFolders.test.ts',
  'tests/faults/buildOnShutdown.test.ts',
  'tests/scale/twoInstancesPublish.test.ts',
  'tests/addShop/**/*.test.ts',
  'src/build/retailerOrigin.test.ts',
];

export default defineConfig({
  test: {
    // Component tests opt into a DOM with `// @vitest-environment happy-dom`.
    environment: 'node',
    testTimeout: 20_000,
    // Measured on the 2-core machine (docs/commands.md#test-layers): forks, three at a time.
    pool: 'forks',
    maxWorkers: 3,
    projects: [
      // The browser-side code and its components in happy-dom: each file with a module graph and a DOM of its own.
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], exclude: buildingTests } },
      {
        extends: true,
        test: {
          name: 'services',
          include: [
            'server/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/faults/**/*.test.ts',
            'tests/scale/**/*.test.ts',
            'tests/monitoring/**/*.test.ts',
            'scripts/**/*.test.{ts,mjs}',
          ],
          exclude: buildingTests,
          // One module graph per worker, not per file: the services' tests import the same server modules, and each
          // file starts its own servers and databases (docs/commands.md#test-layers).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          include: buildingTests,
          fileParallelism: false,
          // The seed's A/B test has a group version for DE: with variants on, every build of DE would build it twice.
          // The servers and builds these tests start build none; tests/publish/releases.test.ts builds its own
          // (its in-process server reads only the settings it is given, where variants are on by default).
          env: { AB_VARIANTS: 'off' },
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          globalSetup: ['tests/site/support/globalSetup.ts'],
        },
      },
    ],
  },
});
