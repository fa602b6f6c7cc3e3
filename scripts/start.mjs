// npm start: builds every shop from the local services' content as a new release, then serves site and services.
// When the live release was built from this very code (another instance on the same folders built it, or this one
// before a restart), it joins without building (docs/operations.md#several-instances).
import { buildSite } from './lib/buildSite.mjs';
import { root, startServices } from './lib/services.mjs';
import { shops } from '../src/shared/countries.ts';
import { readConfig, readToolConfig } from '../src/shared/config.ts';
import { codeVersionOf } from '../src/build/codeVersion.ts';
import { liveReleaseFromThisCode } from '../src/build/liveReleaseFromThisCode.ts';

const config = readToolConfig();
const port = config.PORT;
// Confirmation links are built on SITE_URL only, never on a request's Host header: give the services our own origin.
const siteUrl = config.SITE_URL ?? `http://${config.HOST}:${port}`;
const { distDir, releasesDir, previewRendererDir } = readConfig(undefined, root);
const joined =
  config.PUBLISHER === 'off'
    ? undefined
    : liveReleaseFromThisCode({ distDir, releasesDir, previewRendererDir, code: codeVersionOf(root) });
// The server's publisher rebuilds shops when their content changes. Joining, its start-up check rebuilds the shops
// whose content changed since the live release; otherwise it skips that check, since the full build below follows at
// once (docs/calls.md#publisher).
const publisher = config.PUBLISHER === 'off' ? 'off' : joined ? 'auto' : 'no-catch-up';
const services = await startServices({ port, env: { SITE_URL: siteUrl, PUBLISHER: publisher } }).catch((error) => {
  // A port in use or services that would not start: the message says what to do; a stack trace would not.
  console.error(error.message);
  process.exit(1);
});
let stopping = false;
const stop = async () => {
  stopping = true;
  await services.stop();
  process.exit(0);
};
// Services that die on their own (a crash, a kill) end `npm start` too, saying so: never links to nothing.
services.child.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`The local services stopped (${signal ?? `exit code ${code}`}); see above. npm start ends.`);
  process.exit(code || 1);
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

let code = 0;
if (joined) console.log(`Release ${joined.id} is live and was built from this code: serving it without a build.`);
else code = await buildSite({ serviceOrigin: services.origin });
if (code !== 0) {
  console.error('The build failed; see above.');
  await services.stop();
  process.exit(code);
}
console.log(`\nThe shops are ready:\n  ${services.origin}/  (country chooser)`);
for (const shop of shops) console.log(`  ${services.origin}/${shop.segment}/`);
console.log('Press Ctrl-C to stop.');
