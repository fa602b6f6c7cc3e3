import { startTestSite } from '../../../scripts/lib/testSite.mjs';
import { freePort } from '../../../scripts/lib/services.mjs';
import { handOn, readTestSite } from '../../../src/shared/config.ts';

/**
 * The site layer checks the release `npm test` built once (handed on as `TEST_SITE_ORIGIN` and `DATA_DIR`). Run on its
 * own (`npx vitest run --project site`), it starts and builds a site of its own first (scripts/lib/testSite.mjs),
 * whose settings its workers inherit; the teardown stops it and deletes its folder.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (readTestSite()) return undefined;
  const site = await startTestSite({ port: await freePort() });
  // The workers start after this and inherit the environment: they find the site by it.
  for (const [name, value] of Object.entries(site.env)) handOn(name, value);
  return site.stop;
}
