import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { footerContentJsonProblems } from '../../src/shared/footer/footerContentProblems.ts';
import { shops } from '../../src/shared/countries.ts';
import { migrations, openDatabase } from '../db.ts';
import { christmasSeedSet, footerSeedSets, seedPromotions, seedValidFrom } from './seed.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';
import { versionStoreOf, type VersionStore } from './versionStore.ts';

let dir: string;
let db: DatabaseSync;
const opened: VersionStore[] = [];

/** The version store over `connection`, loaded. */
async function loaded(connection: DatabaseSync): Promise<VersionStore> {
  const versions = versionStoreOf(sharedDatabaseOf(connection));
  opened.push(versions);
  await versions.ready();
  return versions;
}
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promotion-seed-'));
  db = openDatabase(path.join(dir, 'db.sqlite'));
});
afterEach(async () => {
  for (const versions of opened.splice(0)) await versions.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const headline = (contentJSON: string | undefined) =>
  contentJSON ? (JSON.parse(contentJSON) as { headline: string }).headline : undefined;
const firstTeaser = (contentJSON: string | undefined) =>
  contentJSON
    ? (JSON.parse(contentJSON) as { teaserGroups: { heading: { text: string } }[] }).teaserGroups[0]!.heading.text
    : undefined;

describe('the demo seed', () => {
  test('every seed file would be accepted for publishing (and the de-CH copy writes "ss")', () => {
    for (const set of footerSeedSets) {
      for (const file of fs.readdirSync(set.dir)) {
        const text = fs.readFileSync(path.join(set.dir, file), 'utf8');
        expect(footerContentJsonProblems(text), `${set.dir}/${file}`).toEqual([]);
        if (file === 'ch.json') expect(text).not.toContain('ß');
      }
    }
  });

  test('gives every shop its base footer, and DE, AT and CH a Christmas campaign from the next 1 December (CET)', async () => {
    const versions = await loaded(db);
    const storedAt = new Date('2026-12-06T10:00:00Z');
    await seedPromotions(versions, footerSeedSets, storedAt);
    const christmas = new Date('2027-11-30T23:00:00Z');
    const before = new Date(christmas.getTime() - 1);
    for (const shop of shops) {
      const base = versions.liveAt(shop.code, 'SHOP_FOOTER', storedAt);
      expect(base, shop.code).toBeDefined();
      expect(versions.liveAt(shop.code, 'SHOP_FOOTER', before)?.version, shop.code).toBe(base!.version);
      const scheduled = versions.nextScheduled(shop.code, 'SHOP_FOOTER', storedAt);
      if (['DE', 'AT', 'CH'].includes(shop.code)) {
        expect(scheduled?.validFrom, shop.code).toBe(christmas.toISOString());
        expect(headline(versions.liveAt(shop.code, 'SHOP_FOOTER', christmas)?.contentJSON)).toMatch(/Weihnacht/);
        expect(headline(base!.contentJSON)).not.toMatch(/Weihnacht/);
      } else {
        expect(scheduled, shop.code).toBeUndefined();
      }
    }
  });

  test('the campaign starts on the next 1 December at least a day after the seed is stored, in any year', () => {
    const start = (storedAt: string) => seedValidFrom(christmasSeedSet.validFrom, new Date(storedAt)).toISOString();
    expect(start('2026-03-15T12:00:00Z')).toBe('2026-11-30T23:00:00.000Z');
    expect(start('2026-11-29T22:59:59Z')).toBe('2026-11-30T23:00:00.000Z');
    // Less than a day before it: next year's, so a fresh demo shows its base footer for a day at least.
    expect(start('2026-11-29T23:00:01Z')).toBe('2027-11-30T23:00:00.000Z');
    expect(start('2026-12-01T09:00:00Z')).toBe('2027-11-30T23:00:00.000Z');
    expect(start('2029-12-31T23:30:00Z')).toBe('2030-11-30T23:00:00.000Z');
    expect(seedValidFrom('2026-01-01T00:00:00.000Z', new Date('2030-01-01')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });

  test('gives DE a teaser order only staff previewing FOOTER_TEASER_ORDER group B see', async () => {
    const versions = await loaded(db);
    await seedPromotions(versions);
    const now = new Date('2026-11-22T12:00:00Z');
    const shoppers = versions.liveAt('DE', 'SHOP_FOOTER', now);
    const groupB = versions.previewAt('DE', 'SHOP_FOOTER', now, { test: 'FOOTER_TEASER_ORDER', group: 'B' });
    expect(groupB?.abTarget).toEqual({ test: 'FOOTER_TEASER_ORDER', group: 'B' });
    expect(firstTeaser(groupB?.contentJSON)).not.toBe(firstTeaser(shoppers?.contentJSON));
    expect(shoppers?.abTarget).toBeUndefined();
    expect(versions.previewAt('DE', 'SHOP_FOOTER', now, { test: 'FOOTER_TEASER_ORDER', group: 'A' })?.version).toBe(
      shoppers?.version,
    );
  });

  test('is applied once: a restart stores nothing more', async () => {
    expect(await seedPromotions(await loaded(db))).toBe(shops.length + 4);
    const again = openDatabase(path.join(dir, 'db.sqlite'));
    try {
      expect(await seedPromotions(await loaded(again))).toBe(0);
    } finally {
      again.close();
    }
  });
});

test('the migration keeps the content of the old promotions table as version 1', async () => {
  const file = path.join(dir, 'old.sqlite');
  const old = new DatabaseSync(file);
  // The database as it was before versions (the first six steps); openDatabase then applies only the steps after it.
  for (const step of migrations.slice(0, 6)) old.exec(step);
  old.exec(`INSERT INTO promotions VALUES ('HU', 'SHOP_FOOTER', '{"headline":"kept"}', '2026-05-05T10:00:00.000Z');
    PRAGMA user_version = 6;`);
  old.close();
  const migrated = openDatabase(file);
  try {
    const versions = await loaded(migrated);
    const live = versions.liveAt('HU', 'SHOP_FOOTER', new Date());
    expect(live).toMatchObject({
      version: 1,
      contentJSON: '{"headline":"kept"}',
      validFrom: '2026-01-01T00:00:00.000Z',
      storedBy: 'migrated',
    });
    expect(await seedPromotions(versions, footerSeedSets)).toBe(shops.length - 1 + 4); // HU keeps its own content
  } finally {
    migrated.close();
  }
});
