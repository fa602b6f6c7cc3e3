import { expect, test } from 'vitest';
import { openDatabase } from '../database/sqliteFile.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';
import { releaseLease } from './releaseLease.ts';

// One lock per release folder, in the shared database (docs/architecture.md#locks).
const db = openDatabase(':memory:');
const shared = sharedDatabaseOf(db);

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
