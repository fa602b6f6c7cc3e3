import fs from 'node:fs';
import path from 'node:path';
import { shops } from '../shared/countries.ts';
import { liveRelease, type Release } from '../shared/publish/releases.ts';

/** Where a start looks: the live link, the releases and the preview renderer, and this checkout's code version. */
export interface LiveReleaseQuestion {
  distDir: string;
  releasesDir: string;
  previewRendererDir: string;
  /** `codeVersionOf` of this checkout. */
  code: string;
}

/**
 * The live release when `npm start` can serve it without building (docs/operations.md#several-instances): every shop
 * in it was built from this very code and a preview renderer is there. Another instance on the same folders built
 * it, or this one before a restart; shops whose content changed since are rebuilt by the publisher's start check.
 * Undefined when a build is needed: no release yet, a shop built from other code (or before code versions were
 * kept), or no renderer.
 */
export function liveReleaseFromThisCode({
  distDir,
  releasesDir,
  previewRendererDir,
  code,
}: LiveReleaseQuestion): Release | undefined {
  const live = liveRelease(distDir, releasesDir);
  if (!live) return undefined;
  if (!shops.every((shop) => Object.hasOwn(live.shops, shop.segment) && live.shops[shop.segment]!.code === code))
    return undefined;
  if (!fs.existsSync(path.join(previewRendererDir, 'server', 'entry.mjs'))) return undefined;
  return live;
}
