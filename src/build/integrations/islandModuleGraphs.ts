import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin as VitePlugin } from 'vite';
import { staticClosure, type ModuleGraph } from '../moduleGraph.ts';
import { ISLAND_MODULES_ATTRIBUTE } from '../../lib/hydration/islandModules.ts';
import { INTERACTION_DIRECTIVE } from '../../lib/hydration/interactionDirectiveName.ts';

const ISLAND_TAG = /<astro-island\b[^>]*>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Adds `ISLAND_MODULES_ATTRIBUTE` to every `client:interaction` island of a built page: the URLs of every file its
 * component and renderer import, directly or not. The directive preloads them all at once on the first sign of
 * intent, so hydration waits for one round trip, not a chain (docs/performance.md#after-the-first-interaction).
 * `base` is the site's base path (`/`): a URL is `base` followed by a file name of `graph`.
 */
export function withIslandModules(html: string, graph: ModuleGraph, base: string): string {
  return html.replace(ISLAND_TAG, (tag) => {
    if (attribute(tag, 'client') !== INTERACTION_DIRECTIVE || attribute(tag, ISLAND_MODULES_ATTRIBUTE) !== undefined)
      return tag;
    const entries = ['component-url', 'renderer-url']
      .flatMap((name) => attribute(tag, name) ?? [])
      .filter((url) => url.startsWith(base));
    const files = staticClosure(
      graph,
      entries.map((url) => url.slice(base.length)),
    );
    return `${tag.slice(0, -1)} ${ISLAND_MODULES_ATTRIBUTE}="${files.map((file) => base + file).join(' ')}">`;
  });
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Astro integration: records the client bundle's static imports, then annotates the islands of every built page. */
export function islandModuleGraphs(): AstroIntegration {
  const graph = new Map<string, readonly string[]>();
  const plugin: VitePlugin = {
    name: 'storefront:island-module-graphs',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') graph.set(output.fileName, output.imports);
    },
  };
  let base = '/';
  return {
    name: 'storefront:island-module-graphs',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        updateConfig({ vite: { plugins: [plugin] } });
      },
      'astro:build:done': ({ dir, logger }) => {
        let islands = 0;
        for (const file of htmlFiles(fileURLToPath(dir))) {
          const html = fs.readFileSync(file, 'utf8');
          const annotated = withIslandModules(html, graph, base);
          if (annotated === html) continue;
          islands += annotated.split(ISLAND_MODULES_ATTRIBUTE).length - html.split(ISLAND_MODULES_ATTRIBUTE).length;
          fs.writeFileSync(file, annotated);
        }
        logger.info(`Module graphs written for ${islands} islands`);
      },
    },
  };
}
