// npm run test:visual: builds the site, serves it with the services and compares tests/visual with the committed
// baselines. npm run test:visual:update (`--update`) rewrites the baselines that differ; run it after a deliberate
// change of the look (copy, icons, layout) and commit the PNGs under tests/visual/*-snapshots/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite } from './lib/buildSite.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { root, run, startServices } from './lib/services.mjs';

const update = process.argv.includes('--update');
const chromePath = ensureChromium();
// A throwaway database, so screenshots never depend on what an earlier run stored.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-visual-'));
const services = await startServices({
  quiet: true,
  env: { DB_PATH: path.join(dataDir, 'test.sqlite'), OUTBOX_DIR: path.join(dataDir, 'outbox') },
});
let code = 1;
try {
  code = await buildSite({ serviceOrigin: services.origin });
  if (code === 0) {
    const args = ['test', 'tests/visual', '--workers=1', '--reporter=line', ...(update ? ['--update-snapshots'] : [])];
    code = await run(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), ...args], {
      env: { BASE_URL: services.origin, CHROME_PATH: chromePath, DATA_DIR: dataDir },
    });
  }
} finally {
  await services.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
