import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the pages are built from besides the CMS content, relative to the project's root: the source, the static files,
 * Astro's and TypeScript's settings and the installed packages' versions. Tests are left out: they change no page.
 */
export const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** A file under the inputs that is not one: tests and their snapshots. */
const NOT_AN_INPUT = /(\.test\.[cm]?[jt]sx?|[/\\]__snapshots__[/\\].*|-snapshots[/\\].*)$/;

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [relative];
  if (!stat.isDirectory()) return [];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.join(relative, name)));
}

/**
 * The version of the code a build makes pages from (docs/calls.md#publisher): a SHA-256 over the paths and contents
 * of the {@link BUILD_INPUTS}, 16 hex digits. Each shop of a release records the one it was built with, so `npm start`
 * can tell a live release built from this very code (it joins without building) from one built from other code.
 */
export function codeVersionOf(root: string): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS)
    for (const file of filesUnder(root, input)) {
      if (NOT_AN_INPUT.test(file)) continue;
      hash.update(`${file.split(path.sep).join('/')}\0`);
      hash.update(fs.readFileSync(path.join(root, file)));
      hash.update('\0');
    }
  return hash.digest('hex').slice(0, 16);
}
