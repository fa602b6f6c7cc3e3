// Switching back: the whole site to the previous release, or one shop to its previous build. See docs/calls.md#publisher.
import fs from 'node:fs';
import path from 'node:path';
import { assembleShopRollback } from '../../src/build/assembleRelease.ts';
import { writeHeadersFile } from '../../src/build/integrations/headersFile.ts';
import {
  STAGING_PREFIX, listReleases, liveRelease, newReleaseId, pruneReleases, siteDirOf, switchLive, withReleaseLock, writeRelease,
} from '../../src/shared/publish/releases.ts';

/**
 * Without `shop`: points the site at the release before the live one (no new release; run it again to go further
 * back). With `shop`: a new release, the live one with only that shop's pages (and fragments) taken from the newest
 * older release in which that shop had been built earlier than its live pages; the other shops stay as they are.
 * @param {{ distDir: string, releasesDir: string, keep: number, shop?: string }} options
 * @returns {Promise<{ live: string, from: string, shop?: string, sourceRelease?: string }>}
 */
export function rollback({ distDir, releasesDir, keep, shop }) {
  return withReleaseLock(releasesDir, () => {
    const live = liveRelease(distDir, releasesDir);
    if (!live) throw new Error(`${distDir} does not point to a release: nothing to roll back`);
    const older = listReleases(releasesDir).filter((release) => release.id < live.id).reverse();
    if (!shop) {
      const previous = older[0];
      if (!previous) throw new Error(`Release ${live.id} is the oldest one kept: nothing to roll back to`);
      switchLive(distDir, releasesDir, previous.id);
      return { live: previous.id, from: live.id };
    }
    const current = live.shops[shop];
    if (!current) throw new Error(`The live release ${live.id} has no ${shop} shop`);
    const source = older.find((release) => release.shops[shop] && release.shops[shop].release < current.release);
    if (!source) throw new Error(`No kept release has an earlier build of ${shop} than the live one (built in ${current.release})`);

    const id = newReleaseId();
    const staging = path.join(releasesDir, `${STAGING_PREFIX}${id}`);
    try {
      const siteDir = path.join(staging, 'site');
      assembleShopRollback({ liveSite: siteDirOf(releasesDir, live.id), olderSite: siteDirOf(releasesDir, source.id), siteDir, segment: shop });
      writeHeadersFile(siteDir);
      writeRelease(staging, { id, createdAt: new Date().toISOString(), kind: 'rollback', built: [shop], shops: { ...live.shops, [shop]: source.shops[shop] } });
      fs.renameSync(staging, path.join(releasesDir, id));
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    switchLive(distDir, releasesDir, id);
    pruneReleases(releasesDir, keep, id);
    return { live: id, from: live.id, shop, sourceRelease: source.id };
  });
}
