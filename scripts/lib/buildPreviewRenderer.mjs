// Builds the on-demand renderer of staff preview renders: the same Astro pages, output 'server' with @astrojs/node in
// middleware mode (docs/preview.md#preview-render). It never goes into the served site: a server bundle must not be
// downloadable.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './services.mjs';
import { readConfig } from '../../src/shared/config.ts';
import { linkCheckoutPackages } from '../../src/shared/checkoutPackages.ts';

/**
 * Builds into a staging folder next to `outDir` and swaps it in by renaming, so a running server never loads half a
 * renderer (it loads the new one on the next preview render).
 * @param {{ serviceOrigin: string, outDir?: string, stillWanted?: () => boolean }} options `stillWanted`: asked right
 *   before the swap; false leaves the renderer in place (the server that asked for the build is gone)
 * @returns {Promise<number>} the exit code
 */
export async function buildPreviewRenderer({
  serviceOrigin,
  outDir = readConfig().previewRendererDir,
  stillWanted = () => true,
}) {
  const target = path.resolve(root, outDir);
  const staging = `${target}.staging`;
  const retired = `${target}.old`;
  fs.rmSync(staging, { recursive: true, force: true });
  // The renderer's server code imports React and Astro's runtime from its own folder, wherever that is.
  linkCheckoutPackages(staging, root);
  const code = await run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    env: { SERVICE_ORIGIN: serviceOrigin, SHOPS: '', ASTRO_OUT_DIR: staging, PREVIEW_RENDERER_BUILD: '1' },
  });
  if (code !== 0 || !stillWanted()) {
    fs.rmSync(staging, { recursive: true, force: true });
    return code || 1;
  }
  fs.rmSync(retired, { recursive: true, force: true });
  if (fs.existsSync(target)) fs.renameSync(target, retired);
  fs.renameSync(staging, target);
  fs.rmSync(retired, { recursive: true, force: true });
  console.log(`Preview renderer built into ${path.relative(root, target)}/`);
  return 0;
}
