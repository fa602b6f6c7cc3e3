import type { FullConfig } from '@playwright/test';
import { buildSite } from '../../scripts/lib/buildSite.mjs';

/** Builds every shop from the content of the services Playwright started (`webServer`) as the release DIST_DIR points to. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const origin = new URL(config.projects[0]!.use.baseURL!).origin;
  const code = await buildSite({ serviceOrigin: origin });
  if (code !== 0) throw new Error(`The site did not build (exit code ${code}); see the build output above.`);
}
