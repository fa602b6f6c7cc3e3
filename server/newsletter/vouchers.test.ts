import { describe, expect, test } from 'vitest';
import { shopBySegment } from '../../src/shared/countries.ts';
import { openDatabase } from '../db.ts';
import type { DatabaseSync } from 'node:sqlite';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';
import type { Shop } from '../../src/shared/countries.ts';
import { newVoucherCode, VOUCHER_ALPHABET, voucherStatements, voucherValidUntil } from './vouchers.ts';

/** The voucher statements on one SQLite database, each in a transaction of its own. */
function voucherStore(db: DatabaseSync, random?: (size: number) => Uint8Array) {
  const { atomically, run } = sharedDatabaseOf(db);
  return {
    welcome: (id: number, shop: Shop, now = new Date()) =>
      atomically((k) => voucherStatements.welcome(k, id, shop, now, random)),
    outlook: (id: number, shop: Shop, now = new Date()) => run((k) => voucherStatements.outlook(k, id, shop, now)),
  };
}

const de = shopBySegment('de')!;
const hu = shopBySegment('hu')!;

describe('voucher codes', () => {
  test('are 12 characters of the unambiguous alphabet in three groups of four', async () => {
    expect(VOUCHER_ALPHABET).toHaveLength(32);
    expect(VOUCHER_ALPHABET).not.toMatch(/[01OIl]/);
    for (let i = 0; i < 1000; i += 1)
      expect(newVoucherCode()).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  });

  test('use every character of the alphabet equally: each byte picks one by its low 5 bits', async () => {
    const counts = new Map<string, number>();
    for (let start = 0; start < 256; start += 12) {
      const bytes = Uint8Array.from({ length: 12 }, (_, index) => (start + index) % 256);
      for (const character of newVoucherCode(() => bytes).replace(/-/g, ''))
        counts.set(character, (counts.get(character) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe(VOUCHER_ALPHABET);
  });

  test('do not repeat: 20,000 codes from the CSPRNG are 20,000 different ones', async () => {
    const codes = new Set(Array.from({ length: 20_000 }, () => newVoucherCode()));
    expect(codes.size).toBe(20_000);
  });
});

describe('validity', () => {
  test('HU: one calendar month, to the end of that day in Budapest', async () => {
    expect(voucherValidUntil(new Date('2026-05-10T08:00:00Z'), 1, hu.timeZone)?.toISOString()).toBe(
      '2026-06-10T21:59:59.999Z',
    );
    // The end of a shorter month, and a winter date (UTC+1).
    expect(voucherValidUntil(new Date('2026-01-31T12:00:00Z'), 1, hu.timeZone)?.toISOString()).toBe(
      '2026-02-28T22:59:59.999Z',
    );
    // Across the change to summer time: issued in winter, valid to the end of a summer day.
    expect(voucherValidUntil(new Date('2026-03-10T12:00:00Z'), 1, hu.timeZone)?.toISOString()).toBe(
      '2026-04-10T21:59:59.999Z',
    );
    // Late in the evening in Budapest is already the next day there.
    expect(voucherValidUntil(new Date('2026-05-10T22:30:00Z'), 1, hu.timeZone)?.toISOString()).toBe(
      '2026-06-11T21:59:59.999Z',
    );
  });

  test('shops whose conditions set no end date: none', async () => {
    expect(voucherValidUntil(new Date(), de.welcomeVoucher.validMonths, de.timeZone)).toBeNull();
    expect(hu.welcomeVoucher.validMonths).toBe(1);
  });
});

describe('one welcome voucher per address and shop', () => {
  function setUp(random?: (size: number) => Uint8Array) {
    const db = openDatabase(':memory:');
    const insert =
      db.prepare(`INSERT INTO subscribers (email, consents, origin, origin_addition, status, created_at, updated_at)
      VALUES (?, '[]', 'onsite', 'subsite', 'SUBSCRIBED', '', '') RETURNING id`);
    const subscriber = (insert.get('anna@example.com') as { id: number }).id;
    return { db, vouchers: voucherStore(db, random), subscriber };
  }

  test('the first confirmation issues one; later ones repeat it while it is valid, then say it was issued', async () => {
    const { db, vouchers, subscriber } = setUp();
    const issued = new Date('2026-05-10T08:00:00Z');
    // The outlook (for the confirmation mail) says what a confirmation would bring, and issues nothing.
    expect(await vouchers.outlook(subscriber, hu, issued)).toBe('new');
    expect(db.prepare('SELECT COUNT(*) AS n FROM vouchers').get()).toEqual({ n: 0 });
    const first = await vouchers.welcome(subscriber, hu, issued);
    expect(await vouchers.outlook(subscriber, hu, new Date('2026-06-10T21:59:59.998Z'))).toBe('repeat');
    expect(await vouchers.outlook(subscriber, hu, new Date('2026-06-10T22:00:00.000Z'))).toBe('alreadyIssued');
    expect(first).toMatchObject({
      mode: 'new',
      voucher: {
        shop: 'HU',
        percent: hu.welcomeVoucher.percent,
        issued_at: issued.toISOString(),
        valid_until: '2026-06-10T21:59:59.999Z',
      },
    });
    expect(await vouchers.welcome(subscriber, hu, new Date('2026-06-01T00:00:00Z'))).toEqual({
      mode: 'repeat',
      voucher: first.voucher,
    });
    expect(await vouchers.welcome(subscriber, hu, new Date('2026-06-11T00:00:00Z'))).toEqual({
      mode: 'alreadyIssued',
      voucher: first.voucher,
    });
    // Another shop is another welcome voucher; a voucher without end date is repeated for ever.
    const inGermany = await vouchers.welcome(subscriber, de, issued);
    expect(inGermany.mode).toBe('new');
    expect(await vouchers.welcome(subscriber, de, new Date('2036-01-01T00:00:00Z'))).toEqual({
      mode: 'repeat',
      voucher: inGermany.voucher,
    });
    expect(db.prepare('SELECT COUNT(*) AS n FROM vouchers').get()).toEqual({ n: 2 });
  });

  test('the database itself refuses a second welcome voucher for the address and shop', async () => {
    const { db, vouchers, subscriber } = setUp();
    await vouchers.welcome(subscriber, de);
    expect(() =>
      db
        .prepare(
          `INSERT INTO vouchers (code, kind, shop, percent, issued_at, subscriber_id) VALUES ('AAAA-BBBB-CCCC', 'WELCOME', 'DE', 10, '', ?)`,
        )
        .run(subscriber),
    ).toThrow(/UNIQUE/);
  });

  test('a code drawn twice is never issued twice: the second voucher gets a fresh draw', async () => {
    const draws = [new Uint8Array(12).fill(0), new Uint8Array(12).fill(0), new Uint8Array(12).fill(1)];
    const { vouchers, subscriber } = setUp(() => draws.shift()!);
    const first = await vouchers.welcome(subscriber, de);
    const second = await vouchers.welcome(subscriber, hu);
    expect(first.voucher.code).toBe('2222-2222-2222');
    expect(second.voucher.code).toBe('3333-3333-3333');
    expect(draws).toHaveLength(0);
  });
});

describe('one welcome voucher per mailbox', () => {
  const de = shopBySegment('de')!;
  async function confirmAll(addresses: string[]) {
    const db = openDatabase(':memory:');
    const insert =
      db.prepare(`INSERT INTO subscribers (email, consents, origin, origin_addition, status, created_at, updated_at)
      VALUES (?, '[]', 'onsite', 'subsite', 'SUBSCRIBED', '', '') RETURNING id`);
    const vouchers = voucherStore(db);
    const issued = [];
    for (const address of addresses)
      issued.push(await vouchers.welcome((insert.get(address) as { id: number }).id, de));
    return issued;
  }

  test('five spellings of one Gmail inbox get one code: the first is new, the others are told it was issued', async () => {
    const issued = await confirmAll([
      'anna@gmail.com',
      'anna+promo@gmail.com',
      'a.n.n.a@gmail.com',
      'Anna@GoogleMail.com',
      'a.nna+x@googlemail.com',
    ]);
    expect(issued.map((voucher) => voucher.mode)).toEqual([
      'new',
      'alreadyIssued',
      'alreadyIssued',
      'alreadyIssued',
      'alreadyIssued',
    ]);
    expect(new Set(issued.map((voucher) => voucher.voucher.code)).size).toBe(1);
  });

  test('an internationalised domain and its punycode form are one mailbox', async () => {
    const issued = await confirmAll(['anna@bücher.example', 'anna@xn--bcher-kva.example']);
    expect(issued.map((voucher) => voucher.mode)).toEqual(['new', 'alreadyIssued']);
  });

  test('where dots count, a.nna@ and anna@ are two people with two codes; the stored address stays as typed', async () => {
    const issued = await confirmAll(['a.nna@example.com', 'anna@example.com']);
    expect(issued.map((voucher) => voucher.mode)).toEqual(['new', 'new']);
    expect(issued[0]!.voucher.code).not.toBe(issued[1]!.voucher.code);
  });
});
