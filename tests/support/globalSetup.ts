import { startTestSite } from '../../scripts/lib/testSite.mjs';
import { handOn, readToolConfig } from '../../src/shared/config.ts';

/**
 * Run on its own (`npx playwright test`), Playwright starts the site under test itself: the services on a throwaway
 * data folder and every shop built from their content (scripts/lib/testSite.mjs). `npm test` hands its one site on
 * instead, and this does not run. Returns the teardown, which stops the services and deletes the folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const site = await startTestSite({ port: readToolConfig().E2E_PORT });
  // The workers start after this and inherit the environment: they find the site by it.
  for (const [name, value] of Object.entries(site.env)) handOn(name, value);
  return site.stop;
}
