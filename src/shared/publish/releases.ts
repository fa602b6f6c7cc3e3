import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';

/**
 * Releases: every build is a complete static site in `RELEASES_DIR/<id>/site/` with `RELEASES_DIR/<id>/release.json`;
 * `DIST_DIR` is a symbolic link to the live one, switched in one `rename`. See docs/calls.md#publisher.
 */

/** How one shop's pages in a release came to be; carried forward unchanged by releases that did not rebuild it. */
export const shopBuildSchema = v.object({
  /** The release whose build made these pages. */
  release: v.string(),
  /** The promotion version the footer was built from; null when neither the CMS nor the caller named one. */
  contentVersion: v.nullable(v.number()),
  builtAt: v.string(),
  durationMs: v.number(),
  /** The version of the code the pages were built from (`codeVersionOf`); absent in releases built before it was kept. */
  code: v.optional(v.string()),
});

/** The pages of one group of a running A/B test built for one shop, under `site/_ab/{test}/{group}/{segment}/`. */
export const abVariantSchema = v.object({
  test: v.string(),
  group: v.string(),
  segment: v.string(),
  /** The promotion version its footer shows, when the CMS named it. */
  contentVersion: v.optional(v.number()),
});

export const releaseSchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  /** `build`: made by the builder; `rollback`: a shop taken back from an older release; `adopted`: a pre-release dist/. */
  kind: v.picklist(['build', 'rollback', 'adopted']),
  /** Segments of the shops this release built (or rolled back); the others were carried forward. */
  built: v.array(v.string()),
  shops: v.record(v.string(), shopBuildSchema),
  /** The A/B variants this release holds (docs/footer.md#ab-tests-and-consent); absent: none. */
  variants: v.optional(v.array(abVariantSchema)),
});

export type ShopBuild = v.InferOutput<typeof shopBuildSchema>;
export type Release = v.InferOutput<typeof releaseSchema>;
export type AbVariant = v.InferOutput<typeof abVariantSchema>;

/** The release folder that holds A/B variant pages (docs/footer.md#ab-tests-and-consent). */
export const VARIANTS_FOLDER = '_ab';

/** The URL prefix of a variant's pages inside a release: `/_ab/{test}/{group}/{segment}`. */
export function variantPrefix(variant: Pick<AbVariant, 'test' | 'group' | 'segment'>): string {
  return `/${VARIANTS_FOLDER}/${variant.test}/${variant.group}/${variant.segment}`;
}

const RELEASE_FILE = 'release.json';
/** Folders being assembled start with this; they are never listed and are removed once no build holds the release lease. */
export const STAGING_PREFIX = '.staging-';

/** A new release id: the creation instant, so ids sort by age, plus a few random characters against collisions. */
export function newReleaseId(now = new Date()): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 6)}`;
}

export function siteDirOf(releasesDir: string, id: string): string {
  return path.join(releasesDir, id, 'site');
}

export function readRelease(releasesDir: string, id: string): Release | undefined {
  try {
    const parsed = v.safeParse(
      releaseSchema,
      JSON.parse(fs.readFileSync(path.join(releasesDir, id, RELEASE_FILE), 'utf8')),
    );
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

export function writeRelease(releaseDir: string, release: Release): void {
  fs.writeFileSync(
    path.join(releaseDir, RELEASE_FILE),
    `${JSON.stringify(v.parse(releaseSchema, release), null, 2)}\n`,
  );
}

/** Every complete release, oldest first. */
export function listReleases(releasesDir: string): Release[] {
  if (!fs.existsSync(releasesDir)) return [];
  return fs
    .readdirSync(releasesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => readRelease(releasesDir, entry.name))
    .filter((release): release is Release => release !== undefined)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Why `distDir` serves no site (nothing built yet, a link that points nowhere, a folder without pages). */
export type MissingSite = { kind: 'not-built' | 'points-nowhere' | 'no-pages'; message: string };

/**
 * Undefined when `distDir` leads to a built site (a folder with the country chooser's `index.html`), else why not.
 * The messages name no paths: the health call says them to anyone.
 */
export function missingSite(distDir: string): MissingSite | undefined {
  if (!fs.lstatSync(distDir, { throwIfNoEntry: false }))
    return { kind: 'not-built', message: 'no site has been built yet' };
  let site: string;
  try {
    site = fs.realpathSync(distDir);
  } catch {
    return { kind: 'points-nowhere', message: 'the live link points to a release that does not exist' };
  }
  if (!fs.existsSync(path.join(site, 'index.html')))
    return { kind: 'no-pages', message: 'the live folder holds no built site' };
  return undefined;
}

/** The id of the release `distDir` points to, or undefined (no site yet, or a plain folder). */
export function liveReleaseId(distDir: string, releasesDir: string): string | undefined {
  let site: string;
  let releases: string;
  try {
    site = fs.realpathSync(distDir);
    releases = fs.realpathSync(releasesDir);
  } catch {
    return undefined;
  }
  const releaseDir = path.dirname(site);
  if (path.basename(site) !== 'site' || path.dirname(releaseDir) !== releases) return undefined;
  return path.basename(releaseDir);
}

export function liveRelease(distDir: string, releasesDir: string): Release | undefined {
  const id = liveReleaseId(distDir, releasesDir);
  return id === undefined ? undefined : readRelease(releasesDir, id);
}

/**
 * Points `distDir` at a release's site in one step: a new link under a temporary name renamed over the old one, so a
 * reader finds either the old or the new release, never nothing. The link is relative, so the checkout can move.
 */
export function switchLive(distDir: string, releasesDir: string, id: string): void {
  if (fs.lstatSync(distDir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${distDir} is a plain folder, not a link to a release: adopt it first`);
  }
  const next = `${distDir}.next-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  fs.symlinkSync(path.relative(path.dirname(distDir), siteDirOf(releasesDir, id)), next);
  try {
    fs.renameSync(next, distDir);
  } catch (error) {
    fs.rmSync(next, { force: true });
    throw error;
  }
}

/** Renames a folder, or copies and removes it when the two places are on different file systems (a rename cannot cross). */
function moveFolder(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

/**
 * The old layout: `distDir` a plain folder written in place. Moves it into a release of its own and points `distDir`
 * at it; an empty folder is simply removed. Returns the new release's id, if one was made.
 */
export function adoptPlainDist(
  distDir: string,
  releasesDir: string,
  shopSegments: readonly string[],
): string | undefined {
  const stat = fs.lstatSync(distDir, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return undefined;
  if (fs.readdirSync(distDir).length === 0) {
    fs.rmdirSync(distDir);
    return undefined;
  }
  const id = newReleaseId();
  const releaseDir = path.join(releasesDir, id);
  fs.mkdirSync(releaseDir, { recursive: true });
  moveFolder(distDir, path.join(releaseDir, 'site'));
  const builtAt = stat.mtime.toISOString();
  const present = shopSegments.filter((segment) => fs.existsSync(path.join(releaseDir, 'site', segment)));
  const shops = Object.fromEntries(
    present.map((segment) => [segment, { release: id, contentVersion: null, builtAt, durationMs: 0 }]),
  );
  writeRelease(releaseDir, { id, createdAt: new Date().toISOString(), kind: 'adopted', built: present, shops });
  switchLive(distDir, releasesDir, id);
  return id;
}

/**
 * Deletes the oldest releases beyond `keep`, never the live one, and staging folders left by a crashed build. Call
 * it while holding the release lease (docs/architecture.md#locks), so no staging folder in use is removed. Returns the deleted ids.
 */
export function pruneReleases(releasesDir: string, keep: number, liveId: string | undefined): string[] {
  const ids = listReleases(releasesDir).map((release) => release.id);
  const doomed = ids.slice(0, Math.max(0, ids.length - keep)).filter((id) => id !== liveId);
  for (const id of doomed) fs.rmSync(path.join(releasesDir, id), { recursive: true, force: true });
  for (const entry of fs.readdirSync(releasesDir)) {
    if (entry.startsWith(STAGING_PREFIX)) fs.rmSync(path.join(releasesDir, entry), { recursive: true, force: true });
  }
  return doomed;
}
