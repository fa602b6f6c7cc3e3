// Switching back: the whole site to the previous release, or one shop to its previous build. See docs/calls.md#publisher.
import fs from 'node:fs';
import path from 'node:path';
import { assembleShopRollback, missingFiles } from '../../src/build/assembleRelease.ts';
import { root } from './services.mjs';
import { writeHeadersFile } from '../../src/build/integrations/headersFile.ts';
import {
  STAGING_PREFIX,
  listReleases,
  liveRelease,
  missingSite,
  newReleaseId,
  pruneReleases,
  siteDirOf,
  switchLive,
  writeRelease,
} from '../../src/shared/publish/releases.ts';

/** Every kept release whose site has every page and asset of all its shops, newest first. */
function completeReleases(releasesDir) {
  const pagesDir = path.join(root, 'src/pages');
  return listReleases(releasesDir)
    .reverse()
    .filter(
      (release) => missingFiles(siteDirOf(releasesDir, release.id), Object.keys(release.shops), pagesDir).length === 0,
    );
}

/** A site that serves nothing (a link pointing nowhere) is pointed at the newest complete release. */
function repairLink(distDir, releasesDir, missing) {
  const newest = completeReleases(releasesDir)[0];
  if (!newest)
    throw new Error(
      `The site serves no release (${missing.message}) and no complete release is kept: build one with npm run build`,
    );
  switchLive(distDir, releasesDir, newest.id);
  return { live: newest.id, repaired: missing.message };
}

/**
 * Without `shop`: points the site at the release before the live one (no new release; run it again to go further
 * back). With `shop`: a new release, the live one with only that shop's pages (and fragments) taken from the newest
 * older release in which that shop had been built earlier than its live pages; the other shops stay as they are.
 * When the site serves no release at all (a `dist` link that points nowhere), the whole-site rollback points it at the
 * newest complete release instead (`repaired` says what was wrong).
 * @param {{ distDir: string, releasesDir: string, keep: number, shop?: string }} options
 * @returns {Promise<{ live: string, from?: string, repaired?: string, shop?: string, sourceRelease?: string }>}
 */
export function rollback({ distDir, releasesDir, keep, shop }) {
  // The caller holds the release lease (docs/architecture.md#locks).
  return Promise.resolve().then(() => {
    const live = liveRelease(distDir, releasesDir);
    const missing = missingSite(distDir);
    if (!live && missing && !shop) return repairLink(distDir, releasesDir, missing);
    if (!live && missing)
      throw new Error(`The site serves no release (${missing.message}): run npm run rollback without a shop first`);
    if (!live) throw new Error(`${distDir} does not point to a release: nothing to roll back`);
    const older = listReleases(releasesDir)
      .filter((release) => release.id < live.id)
      .reverse();
    if (!shop) {
      const previous = older[0];
      if (!previous) throw new Error(`Release ${live.id} is the oldest one kept: nothing to roll back to`);
      switchLive(distDir, releasesDir, previous.id);
      return { live: previous.id, from: live.id };
    }
    const current = live.shops[shop];
    if (!current) throw new Error(`The live release ${live.id} has no ${shop} shop`);
    const source = older.find((release) => release.shops[shop] && release.shops[shop].release < current.release);
    if (!source)
      throw new Error(
        `No kept release has an earlier build of ${shop} than the live one (built in ${current.release})`,
      );

    const id = newReleaseId();
    const staging = path.join(releasesDir, `${STAGING_PREFIX}${id}`);
    try {
      const siteDir = path.join(staging, 'site');
      assembleShopRollback({
        liveSite: siteDirOf(releasesDir, live.id),
        olderSite: siteDirOf(releasesDir, source.id),
        siteDir,
        segment: shop,
      });
      writeHeadersFile(siteDir);
      writeRelease(staging, {
        id,
        createdAt: new Date().toISOString(),
        kind: 'rollback',
        built: [shop],
        shops: { ...live.shops, [shop]: source.shops[shop] },
        variants: [
          ...(live.variants ?? []).filter((variant) => variant.segment !== shop),
          ...(source.variants ?? []).filter((variant) => variant.segment === shop),
        ],
      });
      fs.renameSync(staging, path.join(releasesDir, id));
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    switchLive(distDir, releasesDir, id);
    pruneReleases(releasesDir, keep, id);
    return { live: id, from: live.id, shop, sourceRelease: source.id };
  });
}
