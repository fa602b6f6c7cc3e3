// npm run rollback [-- hu]: the whole site back to the previous release, or only one shop back to its previous build
// (as a new release). Works with or without the server running: it serves the new pointer from the next request on.
// A dist link that points nowhere is pointed at the newest complete release.
// It takes the release lease first, so it never switches while an instance or a command builds, on this host or
// another (docs/architecture.md#locks).
import path from 'node:path';
import { rollback } from './lib/rollbackRelease.mjs';
import { underReleaseLease } from './lib/releaseLease.mjs';
import { root } from './lib/services.mjs';
import { ConfigError, readConfig } from '../src/shared/config.ts';
import { shopBySegment } from '../src/shared/countries.ts';

const shop = process.argv[2]?.toLowerCase();
if (process.argv.length > 3 || (shop !== undefined && !shopBySegment(shop))) {
  console.error('Usage: npm run rollback [-- <shop>]   e.g. npm run rollback -- hu');
  process.exit(1);
}
try {
  const config = readConfig(undefined, root);
  const started = performance.now();
  const result = await underReleaseLease(config, config.releasesDir, () =>
    rollback({ distDir: config.distDir, releasesDir: config.releasesDir, keep: config.keepReleases, shop }),
  );
  const took = `${Math.round(performance.now() - started)} ms`;
  const dist = path.relative(root, config.distDir) || config.distDir;
  if (result.repaired) {
    console.log(
      `The site served no release (${result.repaired}): ${dist} now serves the newest complete release ${result.live} (${took})`,
    );
    process.exit(0);
  }
  console.log(
    shop
      ? `${shop} rolled back to its build from release ${result.sourceRelease}: new release ${result.live} is live (${took}); ${dist} serves it`
      : `Rolled back from ${result.from} to ${result.live} (${took}); ${dist} serves it`,
  );
  // A rollback takes back pages, not content (docs/calls.md#releases): say so before the next build surprises anyone.
  console.log(
    'The content in the promotion service is unchanged: the next build of these shops (a publish, a scheduled version, ' +
      'the rebuild call, or npm run serve at start) serves it again. To keep the older content, publish it again.',
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Rollback failed: ${error.message}`);
  process.exitCode = 1;
}
