import fs from 'node:fs';
import os from 'node:os';
import { afterEach, expect, test, vi } from 'vitest';
import { openDatabase } from '../../server/database/sqliteFile.ts';
import { sharedDatabaseOf } from '../../server/database/sharedDatabase.ts';
import { releaseLease } from '../../server/publish/releaseLease.ts';
import type { ServerConfig } from '../../src/shared/config.ts';
import { underReleaseLease } from './releaseLease.mjs';

// `npm run build` and `npm run rollback` take the release lease the servers' publishers take
// (docs/architecture.md#locks).
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

test('a command waits for the lease; the build a server started under it runs at once', async () => {
  const file = `${os.tmpdir()}/release-lease-${process.pid}-${Date.now()}.sqlite`;
  const config = { dbPath: file } as ServerConfig;
  const holderDb = openDatabase(file);
  const holder = releaseLease(sharedDatabaseOf(holderDb), '/srv/shop-releases');
  expect((await holder.acquire()).held).toBe(true);
  try {
    // The command asks, finds it held, says so, and is still waiting when the holder gives it up.
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    let ran = false;
    const command = underReleaseLease(config, '/srv/shop-releases', () => (ran = true));
    await vi.waitFor(() => expect(said).toHaveBeenCalledWith(expect.stringMatching(/building .*: waiting for it/)));
    expect(ran).toBe(false);
    // Under the server's own lease: not taken again, no wait.
    vi.stubEnv('RELEASE_LEASE_HOLDER', holder.holder);
    expect(await underReleaseLease(config, '/srv/shop-releases', () => 'built')).toBe('built');
    vi.unstubAllEnvs();
    await holder.release();
    await command;
    expect(ran).toBe(true);
  } finally {
    holderDb.close();
    for (const part of ['', '-wal', '-shm']) fs.rmSync(`${file}${part}`, { force: true });
  }
});
