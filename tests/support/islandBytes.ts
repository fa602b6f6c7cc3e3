import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { servedSiteDir as distDir } from './servedSite.ts';

const IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** gzip size of a built file. */
export function gzipBytes(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file)).length;
}

/** A built JS file and every file it imports statically, as absolute paths. */
export function staticClosure(urlPath: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT))
      visit(path.resolve(path.dirname(file), specifier!));
  };
  visit(path.join(distDir, urlPath));
  return seen;
}

/** Islands of a built page: each component's own JS (what it adds beyond the shared renderer), gzip bytes. */
export function islandBytes(pagePath: string): { renderer: number; islands: { component: string; bytes: number }[] } {
  const html = fs.readFileSync(path.join(distDir, pagePath, 'index.html'), 'utf8');
  const islands = [...html.matchAll(/<astro-island[^>]*component-url="([^"]+)"[^>]*renderer-url="([^"]+)"/g)];
  const rendererFiles = new Set(islands.flatMap(([, , renderer]) => [...staticClosure(renderer!)]));
  const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
  return {
    renderer: sum(rendererFiles),
    islands: islands.map(([, component]) => ({
      component: component!,
      bytes: sum([...staticClosure(component!)].filter((file) => !rendererFiles.has(file))),
    })),
  };
}
