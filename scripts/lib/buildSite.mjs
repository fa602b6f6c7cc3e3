// Builds the static site: all shops, or only some, merged into the existing dist/.
import fs from 'node:fs';
import path from 'node:path';
import { root, run, startServices } from './services.mjs';
import { writeFooterFragments } from '../../src/build/footerFragments.mjs';
import { shops as allShops } from '../../src/shared/countries.ts';
import { writeHeadersFile } from '../../src/build/integrations/headersFile.ts';
import { buildPreviewRenderer } from './buildPreviewRenderer.mjs';

/**
 * @param {{ shops?: string[], serviceOrigin?: string, outDir?: string, env?: Record<string, string> }} options
 * @returns {Promise<number>} the exit code
 */
export async function buildSite({ shops = [], serviceOrigin = process.env.SERVICE_ORIGIN, outDir = 'dist', env = {} } = {}) {
  // Without a configured content origin, the build reads the CMS content from the local services.
  const services = serviceOrigin ? undefined : await startServices({ quiet: true });
  const origin = serviceOrigin ?? services.origin;
  const started = Date.now();
  try {
    const partial = shops.length > 0;
    const target = path.resolve(root, outDir);
    const buildDir = partial ? path.resolve(root, '.build/partial') : target;
    const code = await run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      env: { SERVICE_ORIGIN: origin, SHOPS: shops.join(','), ASTRO_OUT_DIR: buildDir, ...env },
    });
    if (code !== 0) return code;
    if (partial) {
      mergePartialBuild(buildDir, target, shops);
      // The partial build's _headers names only its own pages: write it anew for the merged site.
      writeHeadersFile(target);
    }
    const built = partial ? shops : allShops.map((shop) => shop.segment);
    for (const segment of built) writeFooterFragments(target, segment);
    // A full build also renews the staff preview renderer (docs/preview.md#preview-render).
    if (!partial) {
      const rendererCode = await buildPreviewRenderer({ serviceOrigin: origin });
      if (rendererCode !== 0) return rendererCode;
    }
    console.log(`Footer fragments written to ${path.relative(root, target)}/fragments/{${built.join(',')}}/`);
    console.log(`Built ${partial ? shops.join(', ') : 'all shops'} into ${path.relative(root, target)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    await services?.stop();
  }
}

// A partial build holds only the named shops' pages: put those in place and keep every other shop as it was.
function mergePartialBuild(from, to, shops) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from)) {
    const source = path.join(from, entry);
    // A shop's own folder is replaced; shared folders (hashed assets, fragments) are merged, so other shops' files stay.
    if (shops.includes(entry)) fs.rmSync(path.join(to, entry), { recursive: true, force: true });
    fs.cpSync(source, path.join(to, entry), { recursive: true, force: true });
  }
  fs.rmSync(from, { recursive: true, force: true });
}
