import fs from 'node:fs';
import path from 'node:path';
import { footerFragmentNames } from './fragments/fragmentNames.ts';
import { HASHED_ASSETS } from '../shared/hashedAssets.ts';
import { VARIANTS_FOLDER } from '../shared/publish/releases.ts';

/**
 * Putting a release's site together from a fresh Astro build and the live release, and checking it before it may go
 * live. See docs/calls.md#publisher.
 */

/**
 * Hard-links every file under `from` that `to` does not have yet (copies when linking is not possible). Links are
 * fast and take no space; they are safe because no step writes into a file it did not create: files to be rewritten
 * are left out through `skip`.
 */
export function linkMissing(from: string, to: string, skip: (relative: string) => boolean = () => false): void {
  if (!fs.existsSync(from)) return;
  for (const entry of fs.readdirSync(from, { withFileTypes: true, recursive: true })) {
    const source = path.join(entry.parentPath, entry.name);
    const relative = path.relative(from, source);
    if (skip(relative)) continue;
    const target = path.join(to, relative);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { recursive: true });
    } else if (entry.isFile() && !fs.existsSync(target)) {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}

/** Whether `relative` is `name` itself or lies under it. */
function within(relative: string, name: string): boolean {
  return relative === name || relative.startsWith(`${name}${path.sep}`);
}

/** Whether a path of a release is in an A/B variant (`_ab/{test}/{group}/{segment}/…`) of one of `segments`. */
function isVariantOf(relative: string, segments: readonly string[]): boolean {
  const [folder, , , segment] = relative.split(path.sep);
  return folder === VARIANTS_FOLDER && segment !== undefined && segments.includes(segment);
}

/**
 * Moves a fresh Astro build into `siteDir` and completes it from the live release `baseSite`:
 * - a partial build (`shops` named) takes every file it did not build from the live release, except the rebuilt
 *   shops' folders, their footer fragments and `_headers`, which the builder writes anew;
 * - every build keeps the live release's hashed assets (`_astro/`), so a page loaded just before the switch still
 *   finds the scripts and styles it names just after.
 */
export function assembleSite(options: {
  astroOut: string;
  siteDir: string;
  baseSite: string | undefined;
  rebuilt: readonly string[];
  partial: boolean;
}): void {
  const { astroOut, siteDir, baseSite, rebuilt, partial } = options;
  fs.renameSync(astroOut, siteDir);
  if (!baseSite) return;
  if (!partial) {
    linkMissing(path.join(baseSite, HASHED_ASSETS), path.join(siteDir, HASHED_ASSETS));
    return;
  }
  const rewritten = ['_headers', ...rebuilt, ...rebuilt.map((segment) => path.join('fragments', segment))];
  linkMissing(
    baseSite,
    siteDir,
    (relative) => rewritten.some((name) => within(relative, name)) || isVariantOf(relative, rebuilt),
  );
}

/**
 * A shop's folder swapped for the one of an older release: the new release links everything from the live one except
 * that shop's pages and fragments, which come from `olderSite`, plus the older release's hashed assets. `_headers` is
 * left out: the caller writes it anew for the pages the release now has.
 */
export function assembleShopRollback(options: {
  liveSite: string;
  olderSite: string;
  siteDir: string;
  segment: string;
}): void {
  const { liveSite, olderSite, siteDir, segment } = options;
  const taken = [segment, path.join('fragments', segment)];
  fs.mkdirSync(siteDir, { recursive: true });
  for (const name of taken) linkMissing(path.join(olderSite, name), path.join(siteDir, name));
  // The shop's A/B variants go back with it: the older release's, never the live one's.
  linkMissing(
    path.join(olderSite, VARIANTS_FOLDER),
    path.join(siteDir, VARIANTS_FOLDER),
    (relative) => !isVariantOf(path.join(VARIANTS_FOLDER, relative), [segment]),
  );
  linkMissing(
    liveSite,
    siteDir,
    (relative) =>
      relative === '_headers' || taken.some((name) => within(relative, name)) || isVariantOf(relative, [segment]),
  );
  linkMissing(path.join(olderSite, HASHED_ASSETS), path.join(siteDir, HASHED_ASSETS));
}

/** The pages every shop has: one per `index.astro` under `src/pages/[country]/`. */
export function shopPages(pagesDir: string, segment: string): string[] {
  const countryDir = path.join(pagesDir, '[country]');
  return fs
    .readdirSync(countryDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'index.astro')
    .map((file) => path.join(segment, path.dirname(file), 'index.html'))
    .map((file) => path.normalize(file));
}

const FRAGMENT_FILES = footerFragmentNames.flatMap((name) => ['html', 'css'].map((ext) => `${name}.${ext}`));
/** `/_astro/…` in an attribute, an island's component URL, an import or a CSS `url(…)`. */
export const ASSET_REFERENCE = new RegExp(`["'(](/${HASHED_ASSETS}/[^"'\\s)]+)`, 'g');

/**
 * What is missing from a release before it may go live: every page of every named shop, its footer fragments, the
 * site's own pages, and every `/_astro/` file those pages name. Empty when the release is complete.
 */
export function missingFiles(siteDir: string, segments: readonly string[], pagesDir: string): string[] {
  const pages = ['index.html', '404.html', ...segments.flatMap((segment) => shopPages(pagesDir, segment))];
  const required = new Set([
    ...pages,
    ...segments.flatMap((segment) => FRAGMENT_FILES.map((file) => path.join('fragments', segment, file))),
  ]);
  for (const page of pages) {
    const file = path.join(siteDir, page);
    if (!fs.existsSync(file)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(ASSET_REFERENCE)) required.add(match[1]!.slice(1));
  }
  return [...required].filter((file) => !fs.statSync(path.join(siteDir, file), { throwIfNoEntry: false })?.isFile());
}
