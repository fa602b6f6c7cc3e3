import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** React, React DOM and the scheduler: what every island hydrates with. */
const REACT = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
/** Astro's id of a page's or component's `<script>`: a script entry, not an island. */
const SCRIPT_ENTRY = /\?astro&type=script/;

interface ModuleInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
interface ChunkingContext {
  getModuleInfo: (id: string) => ModuleInfo | null;
}

/** A module a chunk starts from: an entry, or the target of an `import()`. */
const isRoot = (info: ModuleInfo) => info.isEntry || info.dynamicImporters.length > 0;

/** The roots that import a module statically, directly or not, for the current chunking pass. */
function rootFinder(context: ChunkingContext) {
  const found = new Map<string, Set<string>>();
  const rootsReaching = (id: string, visiting: Set<string>): Set<string> => {
    const known = found.get(id);
    if (known) return known;
    const roots = new Set<string>();
    const info = context.getModuleInfo(id);
    if (!info || visiting.has(id)) return roots;
    visiting.add(id);
    if (isRoot(info)) roots.add(id);
    for (const importer of info.importers) for (const root of rootsReaching(importer, visiting)) roots.add(root);
    visiting.delete(id);
    found.set(id, roots);
    return roots;
  };
  return (id: string) => [...rootsReaching(id, new Set())];
}

/**
 * Where each client module goes, so that an island's code is six files at most (its component, the renderer, these
 * three groups, the bundler's tiny CommonJS helper), all fetched in one round trip on a browser's six connections per
 * host (docs/performance.md#after-the-first-interaction):
 * - `react`: React, React DOM and the scheduler;
 * - `island-core`: what islands share with the page's one script (cookies, calls, route names), which carries its own
 *   copy of what it uses (src/build/integrations/singleFileScript.ts), or with code loaded by `import()` (the schema
 *   library the staff preview check needs too). No CSS: an `import()` preloads the CSS of every chunk it reaches,
 *   and Astro folds the islands' CSS into the pages' stylesheets, so a chunk with CSS imports would be asked for a
 *   file that is not there;
 * - `islands`: the rest of what more than one entry needs, at least one of them an island (the UI components with
 *   their CSS imports among it);
 * - everything else stays where the bundler puts it. `pageScript` is the absolute path of the page's script module.
 */
export function islandChunkGroups(pageScript: string) {
  let pass: ChunkingContext | undefined;
  let rootsOf: (id: string) => string[] = () => [];
  let pageEntries: readonly string[] = [];
  const classify = (id: string, context: ChunkingContext): 'island-core' | 'islands' | null => {
    if (context !== pass) {
      pass = context;
      rootsOf = rootFinder(context);
      pageEntries = context.getModuleInfo(pageScript)?.importers ?? [];
    }
    const roots = rootsOf(id);
    const imported = (root: string) => (context.getModuleInfo(root)?.dynamicImporters.length ?? 0) > 0;
    if (!roots.some((root) => !SCRIPT_ENTRY.test(root) && !imported(root))) return null;
    if (roots.some((root) => pageEntries.includes(root) || imported(root))) return 'island-core';
    return roots.length > 1 ? 'islands' : null;
  };
  return [
    { name: 'react', test: REACT, priority: 3 },
    ...(['island-core', 'islands'] as const).map((group, index) => ({
      name: (id: string, context: ChunkingContext) => (classify(id, context) === group ? group : null),
      priority: 2 - index,
    })),
  ];
}

/** Astro integration: groups the client build's modules with `islandChunkGroups`. `pageScript` is relative to the project. */
export function islandChunks(pageScript: string): AstroIntegration {
  return {
    name: 'storefront:island-chunks',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const groups = islandChunkGroups(path.join(fileURLToPath(config.root), pageScript));
        updateConfig({
          vite: { environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups } } } } } } },
        });
      },
    },
  };
}
