import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../../server/testing.ts';
import { createPublisher, type BuildRequest, type Publisher } from '../../server/publish/publisher.ts';
import { memorySchedule } from '../../server/publish/memorySchedule.ts';
import {
  liveRelease,
  missingSite,
  newReleaseId,
  siteDirOf,
  switchLive,
  writeRelease,
} from '../../src/shared/publish/releases.ts';
import type { ServerConfig } from '../../src/shared/config.ts';

// A site that serves no release (nothing built, a dist link pointing nowhere) says so in the health call and on every
// page, and the publisher builds every shop by itself (docs/calls.md#health). The builds here are stand-ins that
// write a tiny release; tests/faults/dataFolders.test.ts repairs a real one.
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A build that writes a release with one page per shop and switches to it, or fails; each waits for `release()`. */
function standInBuilds(config: () => ServerConfig, fail = false) {
  const calls: BuildRequest[] = [];
  const waiting: (() => void)[] = [];
  const build = async (request: BuildRequest) => {
    calls.push(request);
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      request.signal.addEventListener('abort', () => resolve());
    });
    if (fail || request.signal.aborted) return { ok: false as const, message: 'Astro failed' };
    const { distDir, releasesDir } = config();
    const id = newReleaseId();
    fs.mkdirSync(siteDirOf(releasesDir, id), { recursive: true });
    fs.writeFileSync(path.join(siteDirOf(releasesDir, id), 'index.html'), '<!doctype html><title>chooser</title>');
    for (const shop of request.shops) {
      fs.mkdirSync(path.join(siteDirOf(releasesDir, id), shop));
      fs.writeFileSync(
        path.join(siteDirOf(releasesDir, id), shop, 'index.html'),
        `<!doctype html><title>${shop}</title>`,
      );
    }
    const shops = Object.fromEntries(
      request.shops.map((shop) => [
        shop,
        { release: id, contentVersion: null, builtAt: new Date().toISOString(), durationMs: 1 },
      ]),
    );
    writeRelease(path.join(releasesDir, id), {
      id,
      createdAt: new Date().toISOString(),
      kind: 'build',
      built: request.shops,
      shops,
    });
    switchLive(distDir, releasesDir, id);
    return { ok: true as const };
  };
  return { build, calls, release: () => waiting.shift()?.() };
}

async function serverWithDanglingDist(mode: 'auto' | 'no-catch-up', fail = false) {
  let config: ServerConfig | undefined;
  let publisher: Publisher | undefined;
  const builds = standInBuilds(() => config!, fail);
  server = await startTestServer({
    env: { PUBLISHER: mode },
    publisher: (checked) => {
      config = checked;
      // The dist link of a site whose release folder was deleted.
      fs.rmSync(checked.distDir, { recursive: true });
      fs.symlinkSync(path.join(checked.releasesDir, 'gone', 'site'), checked.distDir);
      return (publisher = createPublisher({
        schedule: memorySchedule().schedule,
        build: builds.build,
        liveRelease: () => liveRelease(checked.distDir, checked.releasesDir),
        catchUpAtStart: mode === 'auto',
        missingSite: () => missingSite(checked.distDir),
        log: () => {},
      }));
    },
  });
  return { builds, config: config!, publisher: publisher! };
}

const get = (url: string) => fetch(server!.origin + url);

describe('a dist link that points nowhere', () => {
  test('health is 503 with the reason, pages are 503 with Retry-After, and the publisher builds every shop once', async () => {
    const { builds, publisher } = await serverWithDanglingDist('auto');
    const health = await get('/service/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('10');
    expect(await health.json()).toEqual({
      type: 'urn:service:no_live_release',
      title: 'The site serves no release',
      status: 503,
      reason: 'the live link points to a release that does not exist',
      building: true,
    });
    const page = await get('/de/');
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('10');
    expect(await page.text()).toContain('<html lang="de-DE">');
    // In the language of the shop the path names, in a page without anything of the (missing) release.
    const polish = await (await get('/pl/checkout/')).text();
    expect(polish).toContain('<html lang="pl-PL">');
    expect(polish).toContain('<h1>Zaraz wracamy</h1>');
    expect(polish).not.toContain('/_astro/');
    for (let i = 0; i < 20; i++) await (await get('/at/')).text();
    expect(builds.calls.map((call) => call.shops)).toEqual([['de', 'at', 'ch', 'ch-fr', 'cz', 'hu', 'sk', 'tr', 'pl']]);

    builds.release();
    await publisher.idle();
    expect(await (await get('/service/health')).json()).toEqual({ status: 'ok' });
    expect((await get('/de/')).status).toBe(200);
    expect(builds.calls).toHaveLength(1);
  });

  test('a repair build that fails leaves 503 without a build under way, and is not retried at once', async () => {
    const { builds, publisher } = await serverWithDanglingDist('auto', true);
    builds.release();
    await publisher.idle();
    for (let i = 0; i < 10; i++) expect((await get('/de/')).status).toBe(503);
    expect(await (await get('/service/health')).json()).toMatchObject({ status: 503, building: false });
    expect(builds.calls).toHaveLength(1);
  });

  test('with PUBLISHER=no-catch-up (its starter builds first) a link pointing nowhere is repaired too', async () => {
    const { builds } = await serverWithDanglingDist('no-catch-up');
    expect(await (await get('/service/health')).json()).toMatchObject({ status: 503, building: true });
    expect(builds.calls).toHaveLength(1);
  });

  test('with PUBLISHER=no-catch-up a site never built is left to its starter: 503, and no build', async () => {
    let config: ServerConfig | undefined;
    const builds = standInBuilds(() => config!);
    server = await startTestServer({
      env: { PUBLISHER: 'no-catch-up' },
      publisher: (checked) => {
        config = checked;
        fs.rmSync(checked.distDir, { recursive: true });
        return createPublisher({
          schedule: memorySchedule().schedule,
          build: builds.build,
          liveRelease: () => undefined,
          catchUpAtStart: false,
          missingSite: () => missingSite(checked.distDir),
          log: () => {},
        });
      },
    });
    expect(await (await get('/service/health')).json()).toMatchObject({
      status: 503,
      reason: 'no site has been built yet',
      building: false,
    });
    expect((await get('/de/')).status).toBe(503);
    expect(builds.calls).toEqual([]);
  });
});
