import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { LoadedFooter } from '../../lib/footer/loadedFooterSchema.ts';

/**
 * Which CMS version each shop's pages were built from, handed from the Astro build to the release builder in a file
 * of the build's output. The release builder takes it out before the site is assembled, so it is never served
 * (docs/calls.md#publisher).
 */
const FILE = 'built-content-versions.json';
const builtContentVersionsSchema = v.record(v.string(), v.number());

/** Writes the versions of the footers just loaded into the build output `outDir`. */
export function writeBuiltContentVersions(outDir: string, footers: readonly LoadedFooter[]): void {
  const versions = Object.fromEntries(
    footers.flatMap((footer) => (footer.contentVersion === undefined ? [] : [[footer.segment, footer.contentVersion]])),
  );
  fs.writeFileSync(path.join(outDir, FILE), JSON.stringify(versions));
}

/** Reads and removes the versions a build wrote into `outDir`; empty when it wrote none (or a broken file). */
export function takeBuiltContentVersions(outDir: string): Record<string, number> {
  const file = path.join(outDir, FILE);
  try {
    const parsed = v.safeParse(builtContentVersionsSchema, JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.output : {};
  } catch {
    return {};
  } finally {
    fs.rmSync(file, { force: true });
  }
}
