import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, expectTypeOf, test } from 'vitest';
import type { Subscriber } from '../../src/shared/newsletter/subscriberSchema.ts';
import {
  personalRecordColumns,
  subscriberFieldList,
  type StoredSubscriberFields,
} from '../../src/shared/newsletter/subscriberFields.ts';
import { openDatabase } from '../db.ts';
import { mailJobs } from '../mail/mailJobs.ts';
import { hashDoiToken } from './doiToken.ts';
import { erasePersonalData, personalColumns } from './subscriberColumns.ts';
import { subscriberStatements as statements, type SubscriberRow } from './subscriberStore.ts';
import { unsubscribe } from './subscription.ts';
import { lapseUnopened } from './unopenedLapse.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';

// The one declaration of the stored subscriber fields (src/shared/newsletter/subscriberFields.ts): whatever it marks
// personal is gone from the row once a subscription ends, by each door that ends one (docs/newsletter.md#unsubscribe).
const NOW = new Date('2026-11-25T12:00:00.000Z');
const LONG_AGO = '2020-01-01T00:00:00.000Z';

let db: DatabaseSync;
beforeEach(() => {
  db = openDatabase(':memory:');
});
afterEach(() => db.close());

const rawRow = (email: string) =>
  db.prepare('SELECT * FROM subscribers WHERE email = ?').get(email) as Record<string, unknown>;
const personalOf = (email: string) =>
  Object.fromEntries(personalColumns.map((column) => [column, rawRow(email)[column]]));

/** A sign-up record with every declared field filled: text fields with a value of their own, lists with one entry. */
function filledRecord(email: string, site: string, tokenHash: string, expiresAt: string) {
  const fields = Object.fromEntries(
    subscriberFieldList.map((field) => [
      field.name,
      field.name === 'email' ? email : field.stored === 'json' ? `["${field.name}"]` : `${field.name} value`,
    ]),
  ) as StoredSubscriberFields;
  return { ...fields, site, consentTextVersion: 'v1', tokenHash, expiresAt, now: LONG_AGO };
}

/** Stores a subscription with every personal column filled (the last open too) and answers it opened by its preferences token. */
async function subscribedWithEverything(email: string, site = 'TR') {
  const { run } = sharedDatabaseOf(db);
  await run((k) =>
    statements.signUp(k, filledRecord(email, site, hashDoiToken(`doi-${email}`), '2099-01-01T00:00:00.000Z')),
  );
  const pending = (await run((k) => statements.byToken(k, 'doi', `doi-${email}`)))!;
  expect(await run((k) => statements.confirm(k, pending, hashDoiToken(`preferences-${email}`), LONG_AGO))).toBe(true);
  db.prepare(
    `UPDATE subscribers SET ${personalRecordColumns.map((column) => `${column} = :at`).join(', ')} WHERE email = :email`,
  ).run({ at: LONG_AGO, email });
  for (const [column, value] of Object.entries(personalOf(email))) expect(value, column).not.toBeNull();
  return (await run((k) => statements.byToken(k, 'preferences', `preferences-${email}`)))!;
}

const allNull = Object.fromEntries(personalColumns.map((column) => [column, null]));

describe('the declared subscriber fields', () => {
  test('the erase list names every field marked personal (the names at least) and the recorded last open', () => {
    const personal = subscriberFieldList.filter((field) => field.personal).map((field) => field.column);
    expect(personal).toEqual(expect.arrayContaining(['salutation', 'first_name', 'last_name']));
    expect(erasePersonalData).toBe(
      [...personal, ...personalRecordColumns].map((column) => `${column} = NULL`).join(', '),
    );
  });

  test('the row type derives from it: text columns as the schema says (NULL when optional), lists as JSON text', () => {
    expectTypeOf<SubscriberRow['email']>().toEqualTypeOf<string>();
    expectTypeOf<SubscriberRow['salutation']>().toEqualTypeOf<Subscriber['salutation']>();
    expectTypeOf<SubscriberRow['first_name']>().toEqualTypeOf<string | null>();
    expectTypeOf<SubscriberRow['consents']>().toEqualTypeOf<string>();
    expect(subscriberFieldList.map((field) => field.column)).toContain('first_name');
  });

  test('every declared column exists in the migrated table', () => {
    const columns = (db.prepare('PRAGMA table_info(subscribers)').all() as { name: string }[]).map(
      (column) => column.name,
    );
    for (const column of [...subscriberFieldList.map((field) => field.column), ...personalRecordColumns])
      expect(columns, column).toContain(column);
  });

  test('unsubscribing clears every personal column in the database and keeps the other declared fields', async () => {
    const row = await subscribedWithEverything('alles@example.com');
    const database = sharedDatabaseOf(db);
    expect(await unsubscribe({ database, jobs: mailJobs(database, 'test.example') }, row, 'preferences')).toBe(true);
    expect(personalOf('alles@example.com')).toEqual(allNull);
    const kept = subscriberFieldList.filter((field) => !field.personal);
    for (const field of kept)
      expect(rawRow('alles@example.com')[field.column], field.column).toBe(row[field.column as keyof typeof row]);
  });

  test('a lapse for want of opens clears every personal column too', async () => {
    await subscribedWithEverything('eski@example.com', 'TR');
    expect(await lapseUnopened(mailJobs(sharedDatabaseOf(db), 'test.example'), NOW)).toBe(1);
    expect(personalOf('eski@example.com')).toEqual(allNull);
  });

  test('a returning address whose new sign-up expires unconfirmed is left without personal data', async () => {
    const { run } = sharedDatabaseOf(db);
    const row = await subscribedWithEverything('zurueck@example.com');
    expect(await run((k) => statements.withdraw(k, row, LONG_AGO))).toBe(true);
    const again = filledRecord('zurueck@example.com', 'TR', hashDoiToken('doi-again'), '2021-01-01T00:00:00.000Z');
    await run((k) => statements.signUp(k, again));
    expect(rawRow('zurueck@example.com')).toMatchObject({ status: 'WAITING_FOR_DOI', first_name: 'firstName value' });
    await run((k) => statements.purgeExpired(k, NOW.toISOString()));
    expect(rawRow('zurueck@example.com')).toMatchObject({ status: 'UNSUBSCRIBED' });
    expect(personalOf('zurueck@example.com')).toEqual(allNull);
  });
});
