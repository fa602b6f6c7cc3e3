import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { openDatabase } from '../db.ts';
import { versionStore, type PromotionVersion } from './versionStore.ts';

let db: DatabaseSync;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const input = (site: string, headline: string, validFrom = '2026-03-01T00:00:00Z') => ({
  site,
  name: 'SHOP_FOOTER',
  contentJSON: JSON.stringify({ headline }),
  validFrom: new Date(validFrom),
  storedBy: 'test',
});

test('numbers versions per shop and promotion, lists them newest first and serves the chosen one with its content', () => {
  const store = versionStore(db);
  expect(store.store(input('DE', 'one')).version).toBe(1);
  expect(store.store(input('AT', 'eins')).version).toBe(1);
  expect(store.store({ ...input('DE', 'banner'), name: 'HOME_BANNER' }).version).toBe(1);
  expect(store.store(input('DE', 'two', '2026-02-01T00:00:00+01:00'))).toMatchObject({
    version: 2,
    validFrom: '2026-01-31T23:00:00.000Z',
  });
  expect(store.list('DE', 'SHOP_FOOTER').map((version) => version.version)).toEqual([2, 1]);
  // Version 2 was stored later but is valid from an earlier instant: version 1 is the one valid in March.
  expect(store.liveAt('DE', 'SHOP_FOOTER', new Date('2026-03-02T00:00:00Z'))?.contentJSON).toBe('{"headline":"one"}');
  expect(store.liveAt('DE', 'SHOP_FOOTER', new Date('2026-02-15T00:00:00Z'))?.contentJSON).toBe('{"headline":"two"}');
});

test('every part of the server gets the same store, so listeners hear every store(); unsubscribing stops them', () => {
  const heard: PromotionVersion[] = [];
  const unsubscribe = versionStore(db).onStored((version) => heard.push(version));
  versionStore(db).store(input('HU', 'első'));
  unsubscribe();
  versionStore(db).store(input('HU', 'második'));
  expect(heard.map((version) => [version.site, version.version, version.contentJSON])).toEqual([
    ['HU', 1, '{"headline":"első"}'],
  ]);
});

test('a failing listener neither loses the version nor keeps the others from hearing it', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const store = versionStore(db);
  const heard: number[] = [];
  store.onStored(() => {
    throw new Error('rebuild failed');
  });
  store.onStored((version) => heard.push(version.version));
  expect(store.store(input('PL', 'a')).version).toBe(1);
  expect(heard).toEqual([1]);
  expect(store.list('PL', 'SHOP_FOOTER')).toHaveLength(1);
  expect(error).toHaveBeenCalled();
  error.mockRestore();
});
