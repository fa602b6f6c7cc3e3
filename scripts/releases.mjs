// npm run releases: the kept releases, newest first: id, when made, what it built, each shop's content version, and
// which one is live. Reads RELEASES_DIR and DIST_DIR only, so it works with or without the server running.
import { root } from './lib/services.mjs';
import { ConfigError, readConfig } from '../src/shared/config.ts';
import { listReleases, liveReleaseId } from '../src/shared/publish/releases.ts';

let config;
try {
  config = readConfig(undefined, root);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
const releases = listReleases(config.releasesDir).reverse();
const liveId = liveReleaseId(config.distDir, config.releasesDir);
if (releases.length === 0) {
  console.log(`No releases in ${config.releasesDir} yet: npm run build makes the first one.`);
  process.exit(0);
}
for (const release of releases) {
  const marker = release.id === liveId ? '* live' : '      ';
  const what =
    release.kind === 'build' ? `built ${release.built.join(', ')}` : `${release.kind} ${release.built.join(', ')}`;
  const versions = Object.entries(release.shops)
    .map(([shop, build]) => `${shop}:${build.contentVersion ?? '-'}`)
    .join(' ');
  console.log(`${marker}  ${release.id}  ${release.createdAt}  ${what}\n          content versions ${versions}`);
}
if (!liveId) console.log(`\n${config.distDir} does not point to any of these releases.`);
