// The release builder: builds all shops, or only some, into a new release and makes it live in one step.
// Astro builds into a staging folder beside the releases; the release is completed from the live one, checked, and
// only then does DIST_DIR switch to it. A failed build leaves the live release untouched. See docs/calls.md#publisher.
import fs from 'node:fs';
import path from 'node:path';
import { root, run, startServices } from './services.mjs';
import { assembleSite, missingFiles } from '../../src/build/assembleRelease.ts';
import { writeHeadersFile } from '../../src/build/integrations/headersFile.ts';
import { takeBuiltContentVersions } from '../../src/build/footer/builtContentVersions.ts';
import { selectShops, shops as allShops } from '../../src/shared/countries.ts';
import { buildRefusal, readBuildConfig, readConfig, readToolConfig } from '../../src/shared/config.ts';
import { linkCheckoutPackages } from '../../src/shared/checkoutPackages.ts';
import { codeVersionOf } from '../../src/build/codeVersion.ts';
import {
  STAGING_PREFIX,
  adoptPlainDist,
  liveRelease,
  newReleaseId,
  pruneReleases,
  siteDirOf,
  switchLive,
  writeRelease,
} from '../../src/shared/publish/releases.ts';

/** An Astro build that takes longer is stopped and fails (docs/constants.md#timings). */
export const BUILD_TIMEOUT_MS = 120_000;

const allSegments = allShops.map((shop) => shop.segment);
import { buildPreviewRenderer } from './buildPreviewRenderer.mjs';
import { buildVariants, variantsOfCalendar } from './buildVariants.mjs';
import { underReleaseLease } from './releaseLease.mjs';

/**
 * @param {{
 *   shops?: string[],
 *   serviceOrigin?: string,
 *   distDir?: string,
 *   releasesDir?: string,
 *   env?: Record<string, string>,
 *   contentVersions?: Record<string, number>,
 *   variants?: import('../../src/shared/publish/releases.ts').AbVariant[],
 *   stillWanted?: () => boolean,
 * }} options `shops`: segments to rebuild (none: all); `distDir`/`releasesDir`: another site than the configured one
 *   (the bench's variants); `contentVersions`: the promotion version each shop is built from, when the caller knows it
 *   and the CMS does not name it (the build records the version the CMS answered with); `variants`: A/B groups' pages
 *   to build beside the shops' (only those of shops being built; by default what the A/B calendar wants now, none
 *   with `AB_VARIANTS=off`); `stillWanted`: asked right
 *   before the release and the preview renderer are switched in; false stops the build there (its server is gone)
 * @returns {Promise<number>} the exit code
 */
export async function buildSite({
  shops = [],
  serviceOrigin = readToolConfig().SERVICE_ORIGIN,
  distDir,
  releasesDir,
  env = {},
  contentVersions = {},
  variants,
  stillWanted = () => true,
} = {}) {
  const config = readConfig(undefined, root);
  // A public site without the retailer's: refused in one line before anything starts (docs/operations.md#the-retailers-site).
  let refusal;
  try {
    refusal = buildRefusal(readBuildConfig());
  } catch (error) {
    refusal = error.message;
  }
  if (refusal !== undefined) {
    console.error(refusal);
    return 1;
  }
  const dist = path.resolve(root, distDir ?? config.distDir);
  const releases = path.resolve(root, releasesDir ?? config.releasesDir);
  let requested;
  try {
    requested = shops.length > 0 ? selectShops(shops.join(',')).map((shop) => shop.segment) : allSegments;
  } catch (error) {
    console.error(error.message);
    return 1;
  }
  // Without a configured content origin, the build reads the CMS content from the local services.
  const services = serviceOrigin ? undefined : await startServices({ quiet: true });
  const origin = serviceOrigin ?? services.origin;
  try {
    variants ??= config.abVariants ? await variantsOfCalendar(config, requested) : [];
    const code = await underReleaseLease(config, releases, () =>
      buildRelease({
        dist,
        releases,
        keep: config.keepReleases,
        requested,
        origin,
        env,
        contentVersions,
        variants,
        stillWanted,
      }),
    );
    // A full build of the live site also renews the staff preview renderer (docs/preview.md#preview-render).
    if (code !== 0 || requested.length < allSegments.length || distDir) return code;
    return await buildPreviewRenderer({ serviceOrigin: origin, stillWanted });
  } catch (error) {
    console.error(`The build failed: ${error.message}`);
    return 1;
  } finally {
    await services?.stop();
  }
}

async function buildRelease({ dist, releases, keep, requested, origin, env, contentVersions, variants, stillWanted }) {
  const started = Date.now();
  const adopted = adoptPlainDist(dist, releases, allSegments);
  if (adopted) console.log(`The plain ${path.relative(root, dist)}/ folder became release ${adopted}`);
  const base = liveRelease(dist, releases);
  // Without a live release there is nothing to complete a partial build from: build every shop.
  const built = base ? requested : allSegments;
  const partial = built.length < allSegments.length;
  if (!base && requested.length < allSegments.length) console.log('No live release yet: building every shop.');

  // Read before Astro reads the files: a change saved during the build makes the next start build again.
  const codeVersion = codeVersionOf(root);
  const id = newReleaseId();
  const staging = path.join(releases, `${STAGING_PREFIX}${id}`);
  fs.mkdirSync(staging, { recursive: true });
  try {
    const astroOut = path.join(staging, 'astro');
    // Astro may import the chunks it prerenders with from its output folder: they must find this checkout's packages.
    const packages = linkCheckoutPackages(staging, root);
    const code = await run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      env: { SERVICE_ORIGIN: origin, SHOPS: partial ? built.join(',') : '', ASTRO_OUT_DIR: astroOut, ...env },
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    if (packages) fs.rmSync(packages);
    if (code !== 0) throw new Error(`Astro exited with code ${code}; the live release is unchanged`);
    // The versions the pages show, as the CMS named them; else what the caller was told to build.
    const builtVersions = { ...contentVersions, ...takeBuiltContentVersions(astroOut) };

    const siteDir = path.join(staging, 'site');
    assembleSite({ astroOut, siteDir, baseSite: base && siteDirOf(releases, base.id), rebuilt: built, partial });
    // The A/B variants of the shops built now; a partial build keeps the other shops' as they were.
    const builtVariants = await buildVariants({
      variants: variants.filter((variant) => built.includes(variant.segment)),
      staging,
      siteDir,
      origin,
      env,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    const keptVariants = partial ? (base?.variants ?? []).filter((variant) => !built.includes(variant.segment)) : [];
    const releaseVariants = [...keptVariants, ...builtVariants];
    // A partial build's _headers names only its own pages, a full one's not the variants': written anew for the whole release.
    if (partial || builtVariants.length > 0) writeHeadersFile(siteDir);
    const missing = missingFiles(siteDir, built, path.join(root, 'src/pages'));
    if (missing.length > 0)
      throw new Error(
        `The release is incomplete (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}); the live release is unchanged`,
      );

    const builtAt = new Date().toISOString();
    const durationMs = Date.now() - started;
    const rebuilt = Object.fromEntries(
      built.map((segment) => [
        segment,
        { release: id, contentVersion: builtVersions[segment] ?? null, builtAt, durationMs, code: codeVersion },
      ]),
    );
    writeRelease(staging, {
      id,
      createdAt: builtAt,
      kind: 'build',
      built,
      shops: { ...base?.shops, ...rebuilt },
      ...(releaseVariants.length > 0 ? { variants: releaseVariants } : {}),
    });
    if (!stillWanted()) throw new Error('The server that asked for this build is gone; the live release is unchanged');
    fs.renameSync(staging, path.join(releases, id));
    switchLive(dist, releases, id);
    const pruned = pruneReleases(releases, keep, id);
    console.log(
      `Built ${partial ? built.join(', ') : 'all shops'} as release ${id} in ${(durationMs / 1000).toFixed(1)} s; ${path.relative(root, dist) || dist} now serves it${pruned.length ? ` (removed ${pruned.length} old release(s))` : ''}`,
    );
    return 0;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
