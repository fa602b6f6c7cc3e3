import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { processesOf } from '../../scripts/lib/faults/processes.mjs';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/faults/serverProcess.mjs';
import { waitUntil } from '../support/waitUntil.ts';

// A build the publisher started must never outlive its server and switch the site afterwards
// (docs/calls.md#when-it-builds): SIGTERM kills its process group, and after kill -9 the build stops by itself.
// This must build: the fault is a build's process caught half-way, so a real build has to be running when it comes.
const TOKEN = 'build-shutdown-token-0123456789abcdef';
let dir: string;
let server: ServerProcess | undefined;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-shutdown-'));
});
afterEach(async () => {
  server?.child.kill('SIGKILL');
  // Whatever a failing run left behind is stopped, so it cannot write into the next test's folder.
  for (const pid of processesOf(path.join(dir, 'releases'))) process.kill(Number(pid), 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A server whose publisher is building every shop and has fetched their content (the build can finish without it). */
async function serverInTheMiddleOfABuild(): Promise<{ releasesDir: string }> {
  const releasesDir = path.join(dir, 'releases');
  server = await startServerProcess({
    DB_PATH: path.join(dir, 'db.sqlite'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    DIST_DIR: path.join(dir, 'dist'),
    RELEASES_DIR: releasesDir,
    PREVIEW_RENDERER_DIR: path.join(dir, 'renderer'),
    PUBLISHER: 'no-catch-up',
    PROMOTION_ADMIN_TOKEN: TOKEN,
  });
  const queued = await fetch(`${server.origin}/service/publish/api/rebuild`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ shops: ['hu'] }),
  });
  expect(queued.status).toBe(202);
  // The build's log (another process writes it) says when it has its content.
  const logs = path.join(releasesDir, '.logs');
  const synced = () =>
    fs.existsSync(logs) &&
    fs
      .readdirSync(logs)
      .some((file) => fs.readFileSync(path.join(logs, file), 'utf8').includes('[content] Synced content'));
  expect(await waitUntil(synced, 60_000), 'the build has fetched its content').toBe(true);
  return { releasesDir };
}

/** Waits until no process of this test's release folder is left (a finishing build would have switched by then). */
async function allProcessesGone(releasesDir: string) {
  await waitUntil(() => processesOf(releasesDir).length === 0, 30_000);
  expect(processesOf(releasesDir)).toEqual([]);
}

test('kill -9 of the server in the middle of a build: the build stops itself and never switches the site', async () => {
  const { releasesDir } = await serverInTheMiddleOfABuild();
  server!.child.kill('SIGKILL');
  await server!.exited;
  await allProcessesGone(releasesDir);
  expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
  expect(fs.readdirSync(releasesDir).filter((entry) => !entry.startsWith('.'))).toEqual([]);
});

test('SIGTERM in the middle of a build: the build is killed with its process group, the server exits 0, nothing is switched', async () => {
  const { releasesDir } = await serverInTheMiddleOfABuild();
  server!.child.kill('SIGTERM');
  expect((await server!.exited).code).toBe(0);
  expect(server!.output()).toMatch(/stopping http, publisher/);
  await allProcessesGone(releasesDir);
  expect(fs.existsSync(path.join(dir, 'dist'))).toBe(false);
});
