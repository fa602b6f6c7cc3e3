import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing.ts';
import { browserGet } from '../support/browserGet.ts';
import { serverPublisher } from '../../server/publish/serverPublisher.ts';
import type { PublishStatus } from '../../src/shared/publish/schemas.ts';
import { listReleases } from '../../src/shared/publish/releases.ts';
import { publishFooterText, steadyLoad, storeBrokenFooter, waitUntil } from '../../scripts/lib/publishProbe.mjs';
import { childEnvironment } from '../../src/shared/config.ts';
import { chromium } from 'playwright';
import { findHeadlessChromium } from '../../scripts/lib/chromium.mjs';

// The publisher against a real server over real HTTP: real builds (only the hu shop after the first), a real release
// folder and link in a temporary directory. See docs/calls.md#publisher.
// This must build: releases, the atomic switch, a failing build and rollback exist only as builds and their folders.
// One server builds all shops once and then only hu, so every later test shares that first build. The server starts
// with the seed's versions stored, as `npm run serve` does: stored after its start, they were a first build of their
// own, and hu's first version a second.

const root = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'publish-test-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };
let server: TestServer;
let distDir: string;
let releasesDir: string;
let firstVersion: number;
/** Publishes hu's footer with `text` through the real PUT (immediately, or from `validFrom`). */
const publishHu = (text: string, validFrom?: string) =>
  publishFooterText({ origin: server.origin, token: TOKEN, site: 'HU', text, validFrom });

async function status(): Promise<PublishStatus> {
  const response = await browserGet(`${server.origin}/service/publish/api/status`, { headers: auth });
  expect(response.status).toBe(200);
  return (await response.json()) as PublishStatus;
}

function rebuild(shops: unknown, headers: Record<string, string> = auth) {
  return fetch(`${server.origin}/service/publish/api/rebuild`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ shops }),
  });
}

// GETs as a browser makes them: a GET on a keep-alive connection the server has just closed is sent again.
const huPage = async () => (await browserGet(`${server.origin}/hu/`)).text();

/** Waits until the page shows `text`, or fails with the publisher's status. */
async function servedSoon(text: string) {
  await waitUntil(async () => (await huPage()).includes(text), { timeoutMs: 60_000, what: `"${text}" on /hu/` });
}

/**
 * Runs one of the operator's scripts against this server's folders: its exit code and output. Without blocking this
 * process, whose server answers meanwhile and closes idle connections as it would (run synchronously, the server and
 * the client woke together after it and raced on those connections: ECONNRESET).
 */
async function runScript(script: string, args: string[] = []) {
  const run = promisify(execFile)(process.execPath, [path.join(root, 'scripts', script), ...args], {
    cwd: root,
    env: childEnvironment({
      DIST_DIR: distDir,
      RELEASES_DIR: releasesDir,
      DB_PATH: path.join(server.dir, 'test.sqlite'),
    }),
    encoding: 'utf8',
  });
  try {
    const { stdout, stderr } = await run;
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      status: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

beforeAll(async () => {
  server = await startTestServer({
    // no-catch-up: the first build is the PUT's, as on a server whose starter builds (tests/faults/ covers repairs).
    env: { PROMOTION_ADMIN_TOKEN: TOKEN, PUBLISHER: 'no-catch-up' },
    publisher: (config, { versions, shared }) => serverPublisher(config, versions, shared),
    seed: true,
  });
  distDir = path.join(server.dir, 'dist');
  releasesDir = path.join(server.dir, 'releases');
  // No live release yet: the first build, triggered by the PUT alone, builds every shop.
  firstVersion = (await publishHu('Release marker one')).version;
  await servedSoon('Release marker one');
  await waitUntil(
    async () => {
      const hu = (await status()).shops.hu!;
      return !hu.building && hu.contentVersion === firstVersion;
    },
    { what: 'the first build in the status' },
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the rebuild call', () => {
  test('needs the admin token and known shops', async () => {
    const refused = await rebuild(['hu'], { authorization: 'Bearer wrong-token-wrong-token-wrong' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await refused.json()).toMatchObject({ type: 'urn:service:unauthorized' });
    expect((await fetch(`${server.origin}/service/publish/api/status`)).status).toBe(401);

    const unknown = await rebuild(['hu', 'xx']);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ type: 'urn:publish:unknown_shop', unknown: ['xx'] });
    expect((await rebuild([])).status).toBe(400);
    expect((await status()).queue).toEqual([]);
  });

  test('after the first build every shop is live from one release, with its build time', async () => {
    const { shops } = await status();
    const releases = new Set(Object.values(shops).map((shop) => shop.release));
    expect(releases.size).toBe(1);
    expect(shops.hu).toMatchObject({ building: false, contentVersion: firstVersion });
    expect(shops.hu!.durationMs).toBeGreaterThan(0);
    expect(fs.lstatSync(distDir).isSymbolicLink()).toBe(true);
    // The publisher named only hu's version; the others are recorded as the promotion service answered them.
    const store = server.versions;
    for (const [segment, site] of [
      ['de', 'DE'],
      ['ch-fr', 'CH_FR'],
      ['pl', 'PL'],
    ] as const) {
      expect(shops[segment]?.contentVersion).toBe(store.liveAt(site, 'SHOP_FOOTER', new Date())?.version);
    }
    expect(fs.existsSync(path.join(distDir, 'built-content-versions.json'))).toBe(false);
  });
});

describe('a switch under load', () => {
  test('while hu is rebuilt and switched, every page and every asset it names is served', async () => {
    const before = (await status()).shops.hu!.release;
    // A hashed asset only the live release has, as if its pages came from an older build of the code.
    fs.writeFileSync(path.join(distDir, '_astro/planted.Ab12Cd34.js'), 'export {};\n');
    const load = steadyLoad({ origin: server.origin, pagePath: '/hu/', concurrency: 4 });
    // Published through the promotion service's PUT alone: nobody calls rebuild.
    const { version } = await publishHu('Release marker two');
    await servedSoon('Release marker two');
    await waitUntil(async () => (await status()).shops.hu!.contentVersion === version, {
      what: `contentVersion ${version}`,
    });
    // Keep loading past the switch: pages fetched just before it ask for their assets just after.
    await load.laps(2);
    const result = await load.stop();

    expect(result.non200).toEqual([]);
    expect(result.mixed).toEqual([]);
    expect(result.pages).toBeGreaterThan(20);
    expect(result.assets).toBeGreaterThan(result.pages);
    const after = await status();
    expect(after.shops.hu!.release).not.toBe(before);
    expect(after.shops.hu!.lastError).toBeUndefined();
    expect((await fetch(`${server.origin}/_astro/planted.Ab12Cd34.js`)).status).toBe(200);
    // The other shops were carried forward, not rebuilt.
    expect(after.shops.pl!.builtAt).not.toBe(after.shops.hu!.builtAt);
  }, 90_000);
});

describe('a scheduled version', () => {
  test('goes live by itself when its validFrom passes, and the status names the version it was built from', async () => {
    const { version, validFrom } = await publishHu(
      'Release marker scheduled',
      new Date(Date.now() + 3000).toISOString(),
    );
    expect((await status()).shops.hu!.nextScheduled).toEqual({ version, validFrom });
    expect(await huPage()).not.toContain('Release marker scheduled');

    await servedSoon('Release marker scheduled');
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(validFrom));
    await waitUntil(async () => (await status()).shops.hu!.contentVersion === version, {
      what: `contentVersion ${version} in the status`,
    });
    expect((await status()).shops.hu!.nextScheduled).toBeUndefined();
  }, 90_000);
});

describe('a failing build', () => {
  test('keeps the last good release and shows the error in the status', async () => {
    const before = await status();
    const releasesBefore = listReleases(releasesDir).length;
    await storeBrokenFooter(server.versions, 'HU');
    expect((await rebuild(['hu'])).status).toBe(202);
    const failed = await waitUntil(async () => (await status()).shops.hu!.lastError, {
      timeoutMs: 60_000,
      what: 'lastError of hu',
    });

    expect(failed.message).toMatch(/The HU shop has no footer/);
    expect(fs.existsSync(failed.log!)).toBe(true);
    const after = await status();
    expect(after.shops.hu).toMatchObject({
      release: before.shops.hu!.release,
      builtAt: before.shops.hu!.builtAt,
      building: false,
    });
    expect(await huPage()).toContain('Release marker scheduled');
    expect(listReleases(releasesDir)).toHaveLength(releasesBefore);
    expect(fs.readdirSync(releasesDir).filter((name) => name.startsWith('.staging-'))).toEqual([]);
  }, 90_000);
});

describe('rollback', () => {
  test('npm run rollback switches the served site back to the previous release, and -- hu takes back hu alone', async () => {
    const live = (await status()).shops.hu!.release;
    const listed = await runScript('releases.mjs');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(`* live  ${live}`);

    const whole = await runScript('rollback.mjs');
    expect(whole.status, whole.stderr).toBe(0);
    expect(await huPage()).toContain('Release marker two');
    expect((await status()).shops.hu!.release).not.toBe(live);

    // Forward again, then only hu back: a new release with hu's earlier pages.
    fs.rmSync(distDir);
    fs.symlinkSync(path.relative(server.dir, path.join(releasesDir, live!, 'site')), distDir);
    expect(await huPage()).toContain('Release marker scheduled');
    const shopOnly = await runScript('rollback.mjs', ['hu']);
    expect(shopOnly.status, shopOnly.stderr).toBe(0);
    expect(await huPage()).toContain('Release marker two');
    const after = await status();
    expect(after.shops.hu!.release).not.toBe(live);
    expect(after.shops.pl!.release).toBe(after.shops.hu!.release);
    expect((await browserGet(`${server.origin}/pl/`)).status).toBe(200);
    // Pages, not content: the status shows hu's pages from an older version than the one the CMS answers, and the
    // operator is told that the next build serves the newer one again.
    expect(after.shops.hu!.contentVersion).toBeLessThan(
      server.versions.liveAt('HU', 'SHOP_FOOTER', new Date())!.version,
    );
    expect(shopOnly.stdout).toContain('The content in the promotion service is unchanged');
  }, 30_000);
});

/**
 * What only a browser shows of a group's page: with JavaScript off it is whole, the group's footer in it; with
 * JavaScript on, nothing shifts as it loads and hydrates (the group's content is in the HTML, nothing is swapped).
 */
async function expectWholeInBrowser(visitor: string) {
  const browser = await chromium.launch({ executablePath: findHeadlessChromium() });
  try {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 800 } });
      await context.addCookies(
        [
          ['consent_choices', 'necessary,statistics'],
          ['ab_visitor', visitor],
        ].map(([name, value]) => ({ name: name!, value: value!, url: server.origin })),
      );
      const page = await context.newPage();
      if (javaScriptEnabled)
        await page.addInitScript(() => {
          const seen = window as unknown as { shifts: number };
          seen.shifts = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) seen.shifts += (entry as PerformanceEntry & { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
        });
      await page.goto(`${server.origin}/hu/`, { waitUntil: 'load' });
      expect(await page.locator('footer').first().textContent()).toContain('Group B marker');
      if (javaScriptEnabled) {
        await page.locator('footer').first().scrollIntoViewIfNeeded();
        // Two frames after the scroll: any shift of the load is reported by then.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

describe('A/B variants (docs/footer.md#ab-tests-and-consent)', () => {
  const TESTS = '/service/abtestfrontend/api/v1/tests';
  const CONSENT = 'consent_choices=necessary,statistics';
  const admin = (path: string, body?: object) =>
    fetch(`${server.origin}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...auth },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const liveVariants = async () => {
    const liveId = (await status()).shops.hu!.release;
    const live = listReleases(releasesDir).find((release) => release.id === liveId);
    // hu's only: the seed's test runs in DE with a group-B version, built with DE's pages.
    return (live?.variants ?? []).filter((variant) => variant.segment === 'hu');
  };
  /** The hu page a consenting visitor with this id gets. */
  const huPageOf = async (visitor: string) =>
    (await browserGet(`${server.origin}/hu/`, { headers: { cookie: `${CONSENT}; ab_visitor=${visitor}` } })).text();

  test('a running test’s group version is built beside hu’s pages and served to that group; its end rebuilds without it', async () => {
    const now = Date.now();
    const created = await admin(TESTS, {
      name: 'HU_TEASER',
      groups: ['A', 'B'],
      from: new Date(now - 60_000).toISOString(),
      to: new Date(now + 3_600_000).toISOString(),
      shops: ['hu'],
    });
    expect(created.status).toBe(201);
    // hu's content is the broken one the failing build left: a good one first, then the group's, through the CMS's PUT.
    const url = `${server.origin}/service/promotion/api/promotion/SHOP_FOOTER`;
    const good = server.versions.list('HU', 'SHOP_FOOTER').find((version) => version.version === firstVersion)!;
    const put = (text: string, abTest?: object) => {
      const content = JSON.parse(good.contentJSON);
      content.teaserGroups[0].introductoryText = text;
      return fetch(url, {
        method: 'PUT',
        headers: { site: 'HU', 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ contentJSON: JSON.stringify(content), ...(abTest ? { abTest } : {}) }),
      });
    };
    expect((await put('Release marker restored')).status).toBe(201);
    await servedSoon('Release marker restored');
    const stored = await put('Group B marker', { name: 'HU_TEASER', group: 'B' });
    expect(stored.status).toBe(201);
    await waitUntil(async () => (await liveVariants()).length === 1, { timeoutMs: 90_000, what: 'the variant live' });
    expect(await liveVariants()).toEqual([
      { test: 'HU_TEASER', group: 'B', segment: 'hu', contentVersion: (await stored.json()).version },
    ]);
    // Shoppers without a group, and every visitor without consent, still get the default page.
    expect(await huPage()).not.toContain('Group B marker');
    const pages = await Promise.all(
      Array.from({ length: 16 }, (_, index) => huPageOf(`visitor${String(index).padStart(15, '0')}`)),
    );
    const inB = pages.filter((page) => page.includes('Group B marker'));
    expect(inB.length).toBeGreaterThan(0);
    expect(inB.length).toBeLessThan(16);
    // The variant is a whole page of the release, its assets there too.
    expect(fs.existsSync(path.join(distDir, '_ab/HU_TEASER/B/hu/index.html'))).toBe(true);
    expect(inB[0]).toContain('<html lang="hu-HU"');
    const visitorInB = `visitor${String(pages.findIndex((page) => page.includes('Group B marker'))).padStart(15, '0')}`;
    await expectWholeInBrowser(visitorInB);

    const ended = await admin(`${TESTS}/HU_TEASER/end`, {});
    expect(ended.status).toBe(200);
    await waitUntil(async () => (await liveVariants()).length === 0, { timeoutMs: 90_000, what: 'the variant gone' });
    const after = await Promise.all(
      Array.from({ length: 16 }, (_, index) => huPageOf(`visitor${String(index).padStart(15, '0')}`)),
    );
    expect(after.filter((page) => page.includes('Group B marker'))).toEqual([]);
  }, 200_000);
});
