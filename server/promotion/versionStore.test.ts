import { afterEach, describe, expect, test, vi } from 'vitest';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { versionStoreOf, type PromotionVersion, type VersionStore } from './versionStore.ts';

// The footer versions on both engines: two instances on one database, as behind a load balancer.
let open: TwoInstances | undefined;
const stores: VersionStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  await open?.close();
  open = undefined;
});

const input = (site: string, headline: string, validFrom = '2026-03-01T00:00:00Z') => ({
  site,
  name: 'SHOP_FOOTER',
  contentJSON: JSON.stringify({ headline }),
  validFrom: new Date(validFrom),
  storedBy: 'test',
});

describe.each(testEngines)('$engine', (engine) => {
  /** The version stores of two instances, loaded; refreshing only when a test asks them to. */
  async function twoStores(): Promise<[VersionStore, VersionStore]> {
    open = await engine.open();
    const pair: [VersionStore, VersionStore] = [
      versionStoreOf(open.first, 3_600_000),
      versionStoreOf(open.second, 3_600_000),
    ];
    stores.push(...pair);
    await Promise.all(pair.map((store) => store.ready()));
    return pair;
  }

  test('numbers versions per shop and promotion, lists them newest first and serves the chosen one', async () => {
    const [store] = await twoStores();
    expect((await store.store(input('DE', 'one'))).version).toBe(1);
    expect((await store.store(input('AT', 'eins'))).version).toBe(1);
    expect((await store.store({ ...input('DE', 'banner'), name: 'HOME_BANNER' })).version).toBe(1);
    expect(await store.store(input('DE', 'two', '2026-02-01T00:00:00+01:00'))).toMatchObject({
      version: 2,
      validFrom: '2026-01-31T23:00:00.000Z',
    });
    expect(store.list('DE', 'SHOP_FOOTER').map((version) => version.version)).toEqual([2, 1]);
    // Version 2 was stored later but is valid from an earlier instant: version 1 is the one valid in March.
    expect(store.liveAt('DE', 'SHOP_FOOTER', new Date('2026-03-02T00:00:00Z'))?.contentJSON).toBe('{"headline":"one"}');
    expect(store.liveAt('DE', 'SHOP_FOOTER', new Date('2026-02-15T00:00:00Z'))?.contentJSON).toBe('{"headline":"two"}');
  });

  test('a version stored through one instance is served by the other after its refresh, and announced there once', async () => {
    const [first, second] = await twoStores();
    const heard: PromotionVersion[] = [];
    second.onStored((version) => heard.push(version));
    await first.store(input('HU', 'első'));
    expect(second.liveAt('HU', 'SHOP_FOOTER', new Date('2026-04-01T00:00:00Z'))).toBeUndefined();
    expect(await second.refresh()).toBe(1);
    expect(second.liveAt('HU', 'SHOP_FOOTER', new Date('2026-04-01T00:00:00Z'))?.contentJSON).toBe(
      '{"headline":"első"}',
    );
    expect(await second.refresh()).toBe(0);
    expect(heard.map((version) => [version.site, version.version, version.storedBy])).toEqual([['HU', 1, 'test']]);
  });

  test('twenty versions stored at once through two instances get the numbers 1 to 20, each once', async () => {
    const [first, second] = await twoStores();
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? first : second).store(input('PL', `v${index}`))),
    );
    expect(stored.map((version) => version.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    await Promise.all([first.refresh(), second.refresh()]);
    expect(first.list('PL', 'SHOP_FOOTER')).toHaveLength(20);
    expect(second.list('PL', 'SHOP_FOOTER')).toEqual(first.list('PL', 'SHOP_FOOTER'));
  });

  test('the seed, asked for by two instances at once, is stored once', async () => {
    const [first, second] = await twoStores();
    const seed = [input('CZ', 'základ'), input('CZ', 'vánoce', '2026-12-01T00:00:00Z'), input('SK', 'základ')];
    const [a, b] = await Promise.all([first.storeWhereNone(seed), second.storeWhereNone(seed)]);
    expect(a.length + b.length).toBe(3);
    await Promise.all([first.refresh(), second.refresh()]);
    expect(second.list('CZ', 'SHOP_FOOTER').map((version) => version.version)).toEqual([2, 1]);
    expect(await first.storeWhereNone(seed)).toEqual([]);
  });

  test('an instance whose seed another instance stored first holds those versions at once, before any refresh', async () => {
    const [first, second] = await twoStores();
    const seed = [input('HU', 'alap'), input('TR', 'temel')];
    expect(await first.storeWhereNone(seed)).toHaveLength(2);
    expect(await second.storeWhereNone(seed)).toEqual([]);
    expect(second.liveAt('HU', 'SHOP_FOOTER', new Date('2026-04-01T00:00:00Z'))?.contentJSON).toBe(
      '{"headline":"alap"}',
    );
    expect(second.list('TR', 'SHOP_FOOTER')).toHaveLength(1);
  });

  test('listeners hear every new version; unsubscribing stops them; a failing one loses nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [store] = await twoStores();
    const heard: number[] = [];
    store.onStored(() => {
      throw new Error('rebuild failed');
    });
    const unsubscribe = store.onStored((version) => heard.push(version.version));
    expect((await store.store(input('TR', 'bir'))).version).toBe(1);
    unsubscribe();
    await store.store(input('TR', 'iki'));
    expect(heard).toEqual([1]);
    expect(store.list('TR', 'SHOP_FOOTER')).toHaveLength(2);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('a store closed while it loads', () => {
  test('starts no refresh once the load ends: nothing reads the database after its close', async () => {
    open = await testEngines[0]!.open();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers();
    try {
      const store = versionStoreOf(open.first, 50);
      const loading = store.ready();
      await store.close();
      await loading;
      await open.close();
      open = undefined;
      // Ten refresh intervals after the database closed: a refresh would log that it cannot read the versions.
      await vi.advanceTimersByTimeAsync(500);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
      errors.mockRestore();
    }
  });
});
