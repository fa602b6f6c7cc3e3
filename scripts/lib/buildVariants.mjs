// The A/B variants of a release (docs/footer.md#ab-tests-and-consent): for each test and group with a footer version
// of its own, Astro builds the shops that have one once more, reading that group's content (AB_TEST, AB_GROUP); their
// pages go to `site/_ab/{test}/{group}/{segment}/`, beside the default ones, and their new hashed assets to `_astro/`.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './services.mjs';
import { linkMissing } from '../../src/build/assembleRelease.ts';
import { takeBuiltContentVersions } from '../../src/build/footer/builtContentVersions.ts';
import { linkCheckoutPackages } from '../../src/shared/checkoutPackages.ts';
import { HASHED_ASSETS } from '../../src/shared/hashedAssets.ts';
import { variantPrefix } from '../../src/shared/publish/releases.ts';
import { abTestCalendar } from '../../server/abtests/calendar.ts';
import { versionStoreOf } from '../../server/promotion/versionStore.ts';
import { variantPlan } from '../../server/publish/variantPlan.ts';
import { openSharedDatabase } from './releaseLease.mjs';

/**
 * Builds `variants` into `siteDir` and returns the ones it built, each with the version its footer shows. A variant
 * whose build read another version than the one asked for (the group's version changed, or the test ended, during the
 * build) is left out: the publisher builds again when it sees the change.
 * @param {{
 *   variants: import('../../src/shared/publish/releases.ts').AbVariant[],
 *   staging: string,
 *   siteDir: string,
 *   origin: string,
 *   env: Record<string, string>,
 *   timeoutMs: number,
 * }} options
 * @returns {Promise<import('../../src/shared/publish/releases.ts').AbVariant[]>}
 */
export async function buildVariants({ variants, staging, siteDir, origin, env, timeoutMs }) {
  const targets = Map.groupBy(variants, (variant) => `${variant.test}:${variant.group}`);
  const built = [];
  let index = 0;
  for (const [target, ofTarget] of targets) {
    const { test, group } = ofTarget[0];
    const astroOut = path.join(staging, `ab-${index++}`);
    const packages = linkCheckoutPackages(staging, root);
    console.log(`Building the A/B variant ${target} of ${ofTarget.map((variant) => variant.segment).join(', ')}`);
    const code = await run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      env: {
        ...env,
        SERVICE_ORIGIN: origin,
        SHOPS: ofTarget.map((variant) => variant.segment).join(','),
        ASTRO_OUT_DIR: astroOut,
        AB_TEST: test,
        AB_GROUP: group,
      },
      timeoutMs,
    });
    if (packages) fs.rmSync(packages);
    if (code !== 0) throw new Error(`Astro exited with code ${code} building the A/B variant ${target}`);
    const versions = takeBuiltContentVersions(astroOut);
    for (const variant of ofTarget) {
      const version = versions[variant.segment];
      if (variant.contentVersion !== undefined && version !== variant.contentVersion) {
        console.log(`The A/B variant ${target} of ${variant.segment} read version ${version}: left out`);
        continue;
      }
      const folder = path.join(siteDir, `.${variantPrefix(variant)}`);
      fs.mkdirSync(path.dirname(folder), { recursive: true });
      fs.renameSync(path.join(astroOut, variant.segment), folder);
      built.push({ ...variant, ...(version === undefined ? {} : { contentVersion: version }) });
    }
    linkMissing(path.join(astroOut, HASHED_ASSETS), path.join(siteDir, HASHED_ASSETS));
    fs.rmSync(astroOut, { recursive: true, force: true });
  }
  return built;
}

/**
 * The variants the A/B calendar wants now for `segments` (a build by hand, `npm start`): read from the shared
 * database, as the publisher reads them; none when there is no database to read.
 * @param {import('../../src/shared/config.ts').ServerConfig} config
 * @param {string[]} segments
 * @returns {Promise<import('../../src/shared/publish/releases.ts').AbVariant[]>}
 */
export async function variantsOfCalendar(config, segments) {
  const opened = openSharedDatabase(config);
  if (!opened) return [];
  const versions = versionStoreOf(opened.shared);
  try {
    await versions.ready();
    const plan = variantPlan(versions, () => abTestCalendar(opened.shared).list());
    await plan.refresh();
    const now = new Date();
    return segments.flatMap((segment) => plan.wanted(segment, now));
  } finally {
    await versions.close();
    await opened.close();
  }
}
