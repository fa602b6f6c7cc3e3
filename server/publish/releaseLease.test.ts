import fs from 'node:fs';
import os from 'node:os';
import { afterEach, expect, test, vi } from 'vitest';
import { openDatabase } from '../database/sqliteFile.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';
import { RELEASE_LEASE_HOLDER_ENV, releaseLease } from './releaseLease.ts';
import { underReleaseLease } from '../../scripts/lib/releaseLease.mjs';
import type { ServerConfig } from '../../src/shared/config.ts';

// One lock per release folder, in the shared database (docs/architecture.md#locks).
const db = openDatabase(':memory:');
const shared = sharedDatabaseOf(db);
afterEach(() => {
  delete process.env[RELEASE_LEASE_HOLDER_ENV];
  vi.restoreAllMocks();
});

test('one release folder, however it is spelt, has one lease; another folder has its own', async () => {
  const server = releaseLease(shared, '/srv/shop-releases');
  expect(await server.acquire()).toEqual({ held: true });
  expect(await releaseLease(shared, '/srv/../srv/shop-releases/').acquire()).toMatchObject({
    held: false,
    holder: server.holder,
  });
  const other = releaseLease(shared, '/srv/other-releases');
  expect(await other.acquire()).toEqual({ held: true });
  await Promise.all([server.release(), other.release()]);
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
    process.env[RELEASE_LEASE_HOLDER_ENV] = holder.holder;
    expect(await underReleaseLease(config, '/srv/shop-releases', () => 'built')).toBe('built');
    delete process.env[RELEASE_LEASE_HOLDER_ENV];
    await holder.release();
    await command;
    expect(ran).toBe(true);
  } finally {
    holderDb.close();
    for (const part of ['', '-wal', '-shm']) fs.rmSync(`${file}${part}`, { force: true });
  }
});
