import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { rowsOfSql, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import type { Shop } from '../../src/shared/countries.ts';
import { erasedAddressOf } from '../mail/erasedAddresses.ts';
import { mailboxKey } from './mailboxKey.ts';

/**
 * The characters of a voucher code: digits and capital letters without the ones read as each other (0/O, 1/I).
 * 32 of them, so a random byte's low 5 bits pick one without bias; 12 characters carry 60 bits.
 */
export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A fresh code from the CSPRNG: 12 characters in three groups of four, `K7QM-3XHP-9RTD`. */
export function newVoucherCode(random: (size: number) => Uint8Array = randomBytes): string {
  const characters = [...random(12)].map((byte) => VOUCHER_ALPHABET[byte & 31]!);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-');
}

/** The wall-clock time in a zone of an instant, as if it were UTC (to read off the zone's offset). */
function wallClockAsUtc(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/**
 * When a voucher issued at `issued` and valid `months` calendar months ends: the last millisecond of that day in
 * the shop's time zone (a voucher issued on 31 January is valid to the end of 28 or 29 February). Null: no end.
 */
export function voucherValidUntil(issued: Date, months: number | null, timeZone: string): Date | null {
  if (months === null) return null;
  const local = new Date(wallClockAsUtc(issued.getTime(), timeZone));
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  // Midnight after that day, local time: start from it as if it were UTC and correct by the zone's offset (twice, in
  // case the offset differs across the correction, as on a daylight-saving change).
  const wallMidnight = Date.UTC(year, month, day + 1);
  let instant = wallMidnight;
  for (let pass = 0; pass < 2; pass += 1) instant = wallMidnight - (wallClockAsUtc(instant, timeZone) - instant);
  return new Date(instant - 1);
}

/** A row of `vouchers` as the statements read it (all welcome vouchers: without its `kind`). */
export type VoucherRow = Omit<Selectable<SharedTables['vouchers']>, 'kind'>;

/** What a confirmation brings: a new welcome voucher, the still valid one again, or (expired) the note that it was issued. */
export interface WelcomeVoucher {
  mode: 'new' | 'repeat' | 'alreadyIssued';
  voucher: VoucherRow;
}

/** A welcome voucher issued before: repeated while it is valid, else only named as issued. */
const knownVoucherMode = (known: VoucherRow, now: Date): 'repeat' | 'alreadyIssued' =>
  known.valid_until === null || Date.parse(known.valid_until) > now.getTime() ? 'repeat' : 'alreadyIssued';

/**
 * A voucher issued before, for this subscriber: repeated while valid. Issued to another spelling of the mailbox: only
 * named as issued, never shown, since where a provider knows no tags `anna+x@` may be somebody else's mailbox.
 */
const modeFor = (known: VoucherRow, subscriberId: number, now: Date): 'repeat' | 'alreadyIssued' =>
  known.subscriber_id === subscriberId ? knownVoucherMode(known, now) : 'alreadyIssued';

/** The welcome voucher already issued to a subscriber, or to another spelling of its mailbox, in a shop. */
function* issuedBefore(db: Kysely<SharedTables>, subscriberId: number, shop: Shop): StatementSteps<IssuedBefore> {
  const [subscriber] = yield* rowsOfSql(
    db,
    sql<{ email: string }>`SELECT email FROM subscribers WHERE id = ${subscriberId}`,
  );
  const key = mailboxKey(subscriber?.email ?? '');
  // An erased address's voucher is kept under its mailbox's keyed hash (docs/newsletter.md#what-stays-after-erasure).
  const erased = yield* erasedAddressOf(db, subscriber?.email ?? '');
  const keys = erased ? [key, erased.mailbox] : [key];
  const [known] = yield* rowsOfSql(
    db,
    sql<VoucherRow>`
      SELECT id, code, shop, percent, issued_at, valid_until, subscriber_id, mailbox_key FROM vouchers
      WHERE shop = ${shop.code} AND kind = 'WELCOME'
        AND (subscriber_id = ${subscriberId} OR mailbox_key IN (${sql.join(keys)}))
      ORDER BY id LIMIT 1`,
  );
  return { key, known };
}

/** What {@link issuedBefore} finds: the subscriber's mailbox key, and the voucher issued before, if any. */
interface IssuedBefore {
  key: string;
  known: VoucherRow | undefined;
}

/**
 * Welcome vouchers (docs/newsletter.md#welcome-voucher), written once for both engines: one per mailbox and shop, ever
 * (the address's mailbox key: `anna+promo@…` and `a.n.n.a@gmail.com` are Anna's one mailbox), and one per subscriber,
 * both enforced by unique indexes; codes are unique too (a collision, one in 2^60, draws a new code).
 */
export const voucherStatements = {
  /** The welcome voucher of a subscriber confirming in a shop (inside the confirmation's transaction). */
  *welcome(
    db: Kysely<SharedTables>,
    subscriberId: number,
    shop: Shop,
    now: Date,
    random?: (size: number) => Uint8Array,
  ): StatementSteps<WelcomeVoucher> {
    const { key, known } = yield* issuedBefore(db, subscriberId, shop);
    if (known) return { mode: modeFor(known, subscriberId, now), voucher: known };
    const validUntil = voucherValidUntil(now, shop.welcomeVoucher.validMonths, shop.timeZone);
    for (;;) {
      const [row] = yield* rowsOfSql(
        db,
        sql<VoucherRow>`
          INSERT INTO vouchers (code, kind, shop, percent, issued_at, valid_until, subscriber_id, mailbox_key)
          VALUES (${newVoucherCode(random)}, 'WELCOME', ${shop.code}, ${shop.welcomeVoucher.percent}, ${now.toISOString()},
                  ${validUntil?.toISOString() ?? null}, ${subscriberId}, ${key})
          ON CONFLICT (code) DO NOTHING
          RETURNING id, code, shop, percent, issued_at, valid_until, subscriber_id, mailbox_key`,
      );
      if (row) return { mode: 'new', voucher: row };
    }
  },
  /**
   * What a confirmation now would bring, without issuing anything: for the confirmation mail, which promises the
   * welcome voucher only where the welcome mail will carry a code.
   */
  *outlook(
    db: Kysely<SharedTables>,
    subscriberId: number,
    shop: Shop,
    now: Date,
  ): StatementSteps<WelcomeVoucher['mode']> {
    const { known } = yield* issuedBefore(db, subscriberId, shop);
    return known ? modeFor(known, subscriberId, now) : 'new';
  },
  /** The vouchers issued to a subscriber, for its export. */
  *ofSubscriber(db: Kysely<SharedTables>, subscriberId: number): StatementSteps<VoucherRow[]> {
    return yield* rowsOfSql(
      db,
      sql<VoucherRow>`SELECT id, code, shop, percent, issued_at, valid_until, subscriber_id, mailbox_key FROM vouchers
        WHERE subscriber_id = ${subscriberId} ORDER BY id`,
    );
  },
  /**
   * Erasure (docs/newsletter.md#what-stays-after-erasure): a subscriber's vouchers are kept under the mailbox's keyed
   * hash instead of its key, so the voucher-once rule holds when the address signs up again.
   */
  *erase(db: Kysely<SharedTables>, subscriberId: number, hashedMailbox: string): StatementSteps<void> {
    yield sql`UPDATE vouchers SET mailbox_key = ${hashedMailbox} WHERE subscriber_id = ${subscriberId}`.compile(db);
  },
  *byId(db: Kysely<SharedTables>, id: number): StatementSteps<VoucherRow | undefined> {
    const rows = yield* rowsOfSql(
      db,
      sql<VoucherRow>`SELECT id, code, shop, percent, issued_at, valid_until, subscriber_id, mailbox_key FROM vouchers
        WHERE id = ${id}`,
    );
    return rows[0];
  },
};
