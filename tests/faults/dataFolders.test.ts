import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { childEnvironment } from '../../src/shared/config.ts';
import { browserGet } from '../support/browserGet.ts';
import { christmasEve } from '../support/seededChristmas.ts';
import { liveReleaseId, listReleases } from '../../src/shared/publish/releases.ts';
import { publishFooterText, waitUntil } from '../../scripts/lib/publishProbe.mjs';
import { processesOf } from '../../scripts/lib/faults/processes.mjs';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/faults/serverProcess.mjs';

// Every data folder outside the checkout (docs/operations.md#data-folders): the server builds the first release by
// itself, publishes a shop, renders a staff preview, writes its e-mails, heals a dist link that points nowhere, and
// npm run rollback repairs one. The folders are placed where the old failures came from:
// - releases, database and outbox beside the checkout, under a path that starts with the checkout's own path
//   (`<checkout>-data-…`): Astro then prerendered from the releases folder, whose chunks found no packages;
// - the live link and the preview renderer in the system's temporary folder, on another file system than the
//   releases when /dev/shm is one (so the link and nothing else crosses file systems).
// This must build: the failures were in building and switching from those folders, so the server builds its own first
// release there; the later tests share it.
const root = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'data-folders-token-0123456789abcdef';
let beside: string;
let elsewhere: string;
let env: Record<string, string>;
let server: ServerProcess;

/** A temporary folder on another file system than `than`, when the machine has one (/dev/shm); else in the tmp folder. */
function otherFileSystemThan(than: string): string {
  const shm = '/dev/shm';
  const parent = fs.existsSync(shm) && fs.statSync(shm).dev !== fs.statSync(than).dev ? shm : os.tmpdir();
  return fs.mkdtempSync(path.join(parent, 'storefront-data-'));
}

beforeAll(async () => {
  beside = fs.mkdtempSync(`${root}-data-`);
  elsewhere = otherFileSystemThan(beside);
  env = {
    DB_PATH: path.join(beside, 'db', 'storefront.sqlite'),
    OUTBOX_DIR: path.join(beside, 'outbox'),
    RELEASES_DIR: path.join(beside, 'releases'),
    DIST_DIR: path.join(elsewhere, 'dist'),
    PREVIEW_RENDERER_DIR: path.join(elsewhere, 'renderer'),
    PUBLISHER: 'auto',
    PROMOTION_ADMIN_TOKEN: TOKEN,
    STAFF_USER: 'staff',
    STAFF_PASSWORD: 'data-folders-staff-password',
  };
  // PUBLISHER=auto with no site: the server's publisher builds every shop (and the preview renderer) by itself.
  server = await startServerProcess(env);
  await waitUntil(async () => (await fetch(`${server.origin}/service/health`)).status === 200, {
    timeoutMs: 180_000,
    what: `the first release:\n${server.output()}`,
  });
}, 200_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  for (const pid of processesOf(env.RELEASES_DIR!)) process.kill(Number(pid), 'SIGKILL');
  for (const dir of [beside, elsewhere]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A GET of this server's `url`, sent once more on a new connection when its idle one was just closed. */
function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return browserGet(server.origin + url, { headers });
}

describe('data folders outside the checkout', () => {
  test('the first release is built and served, with no node_modules link left in it', async () => {
    const page = await get('/de/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Service &amp; Hilfe');
    const live = liveReleaseId(env.DIST_DIR!, env.RELEASES_DIR!)!;
    expect(fs.existsSync(path.join(env.RELEASES_DIR!, live, 'node_modules'))).toBe(false);
    expect(fs.readdirSync(env.RELEASES_DIR!).filter((entry) => entry.startsWith('.staging-'))).toEqual([]);
  });

  test('a published version goes live', async () => {
    await publishFooterText({ origin: server.origin, token: TOKEN, site: 'HU', text: 'Data folder marker' });
    await waitUntil(async () => (await (await get('/hu/')).text()).includes('Data folder marker'), {
      timeoutMs: 120_000,
      what: `the published hu footer:\n${server.output()}`,
    });
  }, 130_000);

  test('a staff preview is rendered by the renderer outside the checkout', async () => {
    const csrf = { cookie: 'csrf_token=t0k3n', 'x-csrf-token': 't0k3n' };
    const login = await fetch(`${server.origin}/service/login/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...csrf },
      body: JSON.stringify({ username: env.STAFF_USER, password: env.STAFF_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const session = login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('preview_session='))!;
    expect(
      (
        await get(`/service/preview/api/token?test=&group=&previewDateTime=${christmasEve.toISOString()}`, {
          cookie: session,
        })
      ).status,
    ).toBe(200);

    const render = await get('/de/', { cookie: session });
    expect(render.status).toBe(200);
    expect(render.headers.get('cache-control')).toBe('private, no-store');
    expect(await render.text()).toContain('Service &amp; Hilfe – auch in der Weihnachtszeit');
  });

  test('a sign-up writes its e-mail into the outbox outside the checkout', async () => {
    const response = await fetch(`${server.origin}/service/newsletter/api/internal/newsletter-subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'folders@example.com', consents: [] }),
    });
    expect(response.status).toBe(201);
    // The server's mail sender writes it from the job the sign-up stored (docs/newsletter.md#mail-delivery).
    const mails = () =>
      fs.existsSync(env.OUTBOX_DIR!) ? fs.readdirSync(env.OUTBOX_DIR!).filter((file) => file.endsWith('.eml')) : [];
    await vi.waitFor(() => expect(mails()).toHaveLength(1), { timeout: 15_000, interval: 100 });
  });

  test('a dist link that points nowhere heals by itself: health 503 with the reason, then a new release', async () => {
    const live = liveReleaseId(env.DIST_DIR!, env.RELEASES_DIR!)!;
    fs.rmSync(path.join(env.RELEASES_DIR!, live), { recursive: true });
    const health = await get('/service/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      reason: 'the live link points to a release that does not exist',
      building: true,
    });
    await waitUntil(async () => (await get('/service/health')).status === 200, {
      timeoutMs: 150_000,
      what: `the repair build:\n${server.output()}`,
    });
    expect(await (await get('/hu/')).text()).toContain('Data folder marker');
  }, 160_000);

  test('npm run rollback points a dist that leads nowhere at the newest complete release', async () => {
    const live = liveReleaseId(env.DIST_DIR!, env.RELEASES_DIR!)!;
    fs.rmSync(path.join(env.RELEASES_DIR!, live), { recursive: true });
    const newest = listReleases(env.RELEASES_DIR!).at(-1)!.id;
    const rollback = spawnSync(process.execPath, [path.join(root, 'scripts/rollback.mjs')], {
      cwd: root,
      env: childEnvironment(env),
      encoding: 'utf8',
    });
    expect(rollback.status, rollback.stderr).toBe(0);
    expect(rollback.stdout).toContain(`now serves the newest complete release ${newest}`);
    expect(liveReleaseId(env.DIST_DIR!, env.RELEASES_DIR!)).toBe(newest);
    expect((await get('/service/health')).status).toBe(200);
  });
});
