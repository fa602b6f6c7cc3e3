import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { findPostgresBin, startThrowawayCluster } from './postgres.mjs';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fake Debian layout: `<base>/<version>/bin` with the named binaries. */
function debianLayout(versions: Record<string, string[]>): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-layout-'));
  made.push(base);
  for (const [version, binaries] of Object.entries(versions)) {
    fs.mkdirSync(path.join(base, version, 'bin'), { recursive: true });
    for (const binary of binaries) fs.writeFileSync(path.join(base, version, 'bin', binary), '');
  }
  return base;
}

describe('findPostgresBin', () => {
  test('takes the newest version that has both initdb and pg_ctl', () => {
    const base = debianLayout({ '9.6': ['initdb', 'pg_ctl'], '15': ['initdb', 'pg_ctl'], '16': ['psql'] });
    expect(findPostgresBin(base)).toBe(path.join(base, '15', 'bin'));
  });

  test('answers undefined where there is no server', () => {
    expect(findPostgresBin(debianLayout({ '15': ['psql'] }))).toBeUndefined();
    expect(findPostgresBin(path.join(os.tmpdir(), 'no-such-folder-here'))).toBeUndefined();
  });
});

// npm test installs PostgreSQL where it can; elsewhere this part is skipped and says so in its name.
const bin = findPostgresBin();
describe.skipIf(!bin)('startThrowawayCluster (needs Debian postgresql)', () => {
  test('answers queries on loopback, and is gone with its folder after stop()', async () => {
    const cluster = await startThrowawayCluster(bin!);
    const url = new URL(cluster.url);
    expect(url.hostname).toBe('127.0.0.1');
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    expect((await client.query('SELECT 1 + 1 AS two')).rows).toEqual([{ two: 2 }]);
    await client.end();
    // Its own folder, not a count of such folders: a second suite beside this one makes and removes its own meanwhile.
    const folder = path.dirname(cluster.dataDir);
    expect(fs.existsSync(folder)).toBe(true);
    cluster.stop();
    expect(fs.existsSync(folder)).toBe(false);
    const late = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 2000 });
    await expect(late.connect()).rejects.toThrow();
  }, 60_000);
});
