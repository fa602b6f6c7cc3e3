import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/faults/serverProcess.mjs';
import { publishFooterText, waitUntil } from '../../scripts/lib/publishProbe.mjs';
import { listReleases, switchLive } from '../../src/shared/publish/releases.ts';
import type { PublishStatus } from '../../src/shared/publish/schemas.ts';
import { createPostgresTestDatabase, postgresTestUrl } from '../../server/database/postgresTestDatabase.ts';

// Two instances sharing one database and one release folder, both publishing (PUBLISHER=auto), as two servers behind
// a load balancer on a shared volume (docs/operations.md#several-instances). Once on one SQLite file, once on one
// PostgreSQL (when `npm test` started its throwaway cluster), each instance with its own SQLite file beside it. Real
// processes and real builds, loopback.
// This must build: what is shared is the building (one instance builds, the other sees the release and does not build
// again), so only real builds show it. Both instances share each engine's builds, and the engines share the first
// full build: the first engine's pair starts with no site and builds every shop, the second's starts on a copy of that
// release whose hu pages are from content it does not know, so both find hu behind and one rebuilds hu alone. Either
// way one instance builds, under the lease in that engine's database, and the other skips it.
const TOKEN = 'two-instances-publish-token-0123456789';
const dirs: string[] = [];
const instances: ServerProcess[] = [];
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const instance of instances) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  for (const drop of dropped) await drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Each instance's database settings: one SQLite file for both, or one PostgreSQL and a file of its own. */
const engines: { engine: string; database: (dir: string) => Promise<(index: number) => Record<string, string>> }[] = [
  { engine: 'SQLite', database: async (dir) => () => ({ DB_PATH: path.join(dir, 'db.sqlite') }) },
  ...(postgresTestUrl()
    ? [
        {
          engine: 'PostgreSQL',
          database: async (dir: string) => {
            const database = await createPostgresTestDatabase();
            dropped.push(() => database.drop());
            return (index: number) => ({
              DATABASE_URL: database.url,
              DB_PATH: path.join(dir, `own-${index}.sqlite`),
            });
          },
        },
      ]
    : []),
];

/** Whether the instance's publisher has nothing running or waiting. */
async function settled(instance: ServerProcess): Promise<boolean> {
  const response = await fetch(`${instance.origin}/service/publish/api/status`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  // Not yet: a 503 while the other instance holds the database's write lock at start (with Retry-After).
  if (!response.ok) return false;
  const status = (await response.json()) as PublishStatus;
  return status.queue.length === 0 && Object.values(status.shops).every((shop) => !shop.building);
}

const huPage = async (instance: ServerProcess) => (await fetch(`${instance.origin}/hu/`)).text();

/** The footer content the instance's promotion service gives HU shoppers now. */
const huContent = async (instance: ServerProcess) =>
  (await fetch(`${instance.origin}/service/promotion/api/promotion/SHOP_FOOTER`, { headers: { site: 'HU' } })).text();

/** The release the first pair built from nothing: the next pair starts on a copy of it instead of building again. */
let firstBuilt: { releasesDir: string; id: string } | undefined;

test.each(engines)(
  '$engine: started together, one instance builds what the site lacks; a publish through either is live on both',
  async ({ database }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-publish-'));
    dirs.push(dir);
    const own = await database(dir);
    const releasesDir = path.join(dir, 'releases');
    const env = {
      OUTBOX_DIR: path.join(dir, 'outbox'),
      DIST_DIR: path.join(dir, 'dist'),
      RELEASES_DIR: releasesDir,
      // Shared by the pair as the releases are; never the checkout's .data/ (docs/operations.md#data-folders).
      PREVIEW_RENDERER_DIR: path.join(dir, 'preview-renderer'),
      PUBLISHER: 'auto',
      PROMOTION_ADMIN_TOKEN: TOKEN,
    };
    const from = firstBuilt;
    if (from) {
      const copy = path.join(releasesDir, from.id);
      fs.cpSync(path.join(from.releasesDir, from.id), copy, { recursive: true, verbatimSymlinks: true });
      // hu's pages as if built from content this database never had: behind at start, on both instances.
      const release = JSON.parse(fs.readFileSync(path.join(copy, 'release.json'), 'utf8'));
      release.shops.hu.contentVersion = null;
      fs.writeFileSync(path.join(copy, 'release.json'), JSON.stringify(release));
      switchLive(env.DIST_DIR, releasesDir, from.id);
    }
    const atStart = from ? 2 : 1;
    const builtAtStart = from ? /\[publish\] live: hu / : /\[publish\] live: de, at/;
    const pair = await Promise.all([0, 1].map((index) => startServerProcess({ ...env, ...own(index) })));
    instances.push(...pair);

    // With no site both set out to build every shop, on the copy to rebuild hu; the build lease lets one build, the
    // other skips it.
    await waitUntil(
      async () => (await Promise.all(pair.map(settled))).every(Boolean) && listReleases(releasesDir).length >= atStart,
      {
        timeoutMs: 150_000,
        intervalMs: 500,
        what: 'the first release on both instances',
      },
    );
    expect(listReleases(releasesDir)).toHaveLength(atStart);
    const logs = pair.map((instance) => instance.output());
    expect(logs.filter((log) => builtAtStart.test(log) && !log.includes('built by another instance'))).toHaveLength(1);
    firstBuilt ??= { releasesDir, id: listReleases(releasesDir)[0]!.id };
    for (const instance of pair) expect((await fetch(`${instance.origin}/service/health`)).status).toBe(200);

    // A version published through the second is built once and served by both, and the first's promotion service
    // gives it to shoppers too.
    await publishFooterText({
      origin: pair[1]!.origin,
      token: TOKEN,
      site: 'HU',
      text: 'Published through the second',
    });
    await waitUntil(async () => (await huContent(pair[0]!)).includes('Published through the second'), {
      timeoutMs: 10_000,
      intervalMs: 100,
      what: "the version in the first instance's promotion service",
    });
    await waitUntil(async () => (await huPage(pair[0]!)).includes('Published through the second'), {
      timeoutMs: 90_000,
      intervalMs: 250,
      what: 'the version on the first instance',
    });
    expect(await huPage(pair[1]!)).toContain('Published through the second');
    expect(listReleases(releasesDir)).toHaveLength(atStart + 1);
  },
  300_000,
);
