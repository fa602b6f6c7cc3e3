import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';

/** Keeps `import()` as it is: what a script loads later (staff code, for example) stays a file of its own. */
const keepDynamicImports: EsbuildPlugin = {
  name: 'keep-dynamic-imports',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    );
  },
};

/**
 * The built file `file` with every module it imports statically bundled into it: one request instead of a chain.
 * Its exports stay as they are (other chunks may import from it), and its `import()` calls keep pointing at the
 * chunks next to it.
 */
export async function bundleStaticImports(file: string): Promise<string> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
    plugins: [keepDynamicImports],
  });
  return result.outputFiles[0]!.text;
}

/**
 * Astro integration: the client script whose bundle contains `entry` (a source file, relative to the project) is
 * rewritten as a single file without static imports, so a page that loads it makes one request and waits for no
 * chain (docs/performance.md#before-the-first-interaction). Code it shares with other scripts is copied into it;
 * the file keeps its name, whose hash already covers every file it imported.
 */
export function singleFileScript(entry: string): AstroIntegration {
  let entryFile = '';
  const plugin: VitePlugin = {
    name: 'storefront:single-file-script',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output) => output.type === 'chunk' && output.isEntry && output.moduleIds.includes(entryFile),
      );
      if (chunks.length !== 1) this.error(`Expected one client script containing ${entry}, found ${chunks.length}`);
      const file = path.join(options.dir!, chunks[0]!.fileName);
      fs.writeFileSync(file, await bundleStaticImports(file));
    },
  };
  return {
    name: 'storefront:single-file-script',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        entryFile = path.join(fileURLToPath(config.root), entry);
        updateConfig({ vite: { plugins: [plugin] } });
      },
    },
  };
}
