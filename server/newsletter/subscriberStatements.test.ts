import { afterEach, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { shopByCode } from '../../src/shared/countries.ts';
import { subscriberFixture } from '../../src/shared/fixtures/subscriberFixture.ts';
import { storedFieldsOf, subscriberFieldNames } from '../../src/shared/newsletter/subscriberFields.ts';
import { rowsOfSql } from '../database/atomicWork.ts';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { hashDoiToken } from './doiToken.ts';
import { subscriberStatements as statements, type SignUpRecord } from './subscriberStore.ts';

// The subscriber statements, written once, on both engines: two instances on one database, as behind a load balancer.
let open: TwoInstances | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const at = shopByCode('AT')!;
const now = '2026-11-28T10:00:00.000Z';
const later = '2026-11-28T10:05:00.000Z';

/** A sign-up of Anna Nagy in the AT shop, with the link `token` valid until `expiresAt`. */
function signUpRecord(token: string, email = 'anna@example.com', expiresAt = '2026-12-12T10:00:00.000Z'): SignUpRecord {
  const { status: _status, ...request } = subscriberFixture({ email, consents: ['DNE'] });
  return {
    ...storedFieldsOf(at.newsletter, { ...request, origin: 'FOOTER', originAddition: '' }, subscriberFieldNames),
    site: at.code,
    consentTextVersion: 'v1',
    tokenHash: hashDoiToken(token),
    expiresAt,
    now,
  };
}

/** The consent log of a subscriber, oldest first. */
function events(database: SharedDatabase, id: number) {
  return database.atomically((db) =>
    rowsOfSql(
      db,
      sql<{
        event: string;
        channel: string;
      }>`SELECT event, channel FROM consent_events WHERE subscriber_id = ${id} ORDER BY id`,
    ),
  );
}

async function opened(): Promise<TwoInstances> {
  const instances = await (testEngine?.open() ?? Promise.reject(new Error('no engine')));
  open = instances;
  await instances.first.ready();
  await instances.second.ready();
  return instances;
}
let testEngine: (typeof testEngines)[number] | undefined;

describe.each(testEngines)('$engine', (engine) => {
  test('a sign-up through one instance is found, confirmed once, changed and ended through the other', async () => {
    testEngine = engine;
    const { first, second } = await opened();
    const id = await first.atomically(function* (db) {
      const stored = yield* statements.signUp(db, signUpRecord('link-1'));
      yield* statements.logEvent(db, stored!, 'SIGNED_UP', 'sign-up', now);
      return stored!;
    });
    // The address is one whatever its case.
    expect(await second.atomically((db) => statements.byEmail(db, 'ANNA@Example.com'))).toMatchObject({
      id,
      status: 'WAITING_FOR_DOI',
    });
    const pending = (await second.atomically((db) => statements.byToken(db, 'doi', 'link-1')))!;
    expect(pending).toMatchObject({ id, email: 'anna@example.com', first_name: 'Anna', consents: '["DNE"]' });
    expect(await second.atomically((db) => statements.byToken(db, 'preferences', 'link-1'))).toBeUndefined();

    // Twenty confirmations of one link on both instances at once: one confirms.
    const confirmations = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? first : second).atomically((db) =>
          statements.confirm(db, pending, hashDoiToken(`preferences-${index}`), now),
        ),
      ),
    );
    expect(confirmations.filter(Boolean)).toHaveLength(1);
    const winner = confirmations.indexOf(true);
    expect(await first.atomically((db) => statements.byToken(db, 'doi', 'link-1'))).toBeUndefined();
    const subscribed = (await first.atomically((db) =>
      statements.byToken(db, 'preferences', `preferences-${winner}`),
    ))!;
    expect(subscribed).toMatchObject({ id, status: 'SUBSCRIBED' });

    const changed = { salutation: 'MR', firstName: 'Ann', lastName: 'Nagy', consents: '[]' } as const;
    expect(await second.atomically((db) => statements.update(db, subscribed, changed, later))).toBe(true);
    expect(await first.atomically((db) => statements.byId(db, id))).toMatchObject({
      first_name: 'Ann',
      consents: '[]',
    });
    await first.atomically((db) => statements.logEvent(db, id, 'CHANGED', 'preferences', later));

    expect(await second.atomically((db) => statements.withdraw(db, subscribed, later))).toBe(true);
    // The token no longer opens it: a second withdrawal or change does nothing.
    expect(await first.atomically((db) => statements.withdraw(db, subscribed, later))).toBe(false);
    expect(await first.atomically((db) => statements.update(db, subscribed, changed, later))).toBe(false);
    const ended = (await first.atomically((db) => statements.byId(db, id)))!;
    expect(ended).toMatchObject({ status: 'UNSUBSCRIBED', salutation: null, first_name: null, last_name: null });
    expect(ended.email).toBe('anna@example.com');
    expect(await events(second, id)).toEqual([
      { event: 'SIGNED_UP', channel: 'sign-up' },
      { event: 'CHANGED', channel: 'preferences' },
    ]);
  });

  test('a sign-up over a pending one restores it; over a subscribed one it changes nothing', async () => {
    testEngine = engine;
    const { first, second } = await opened();
    const id = (await first.atomically((db) => statements.signUp(db, signUpRecord('link-1'))))!;
    expect(await second.atomically((db) => statements.signUp(db, signUpRecord('link-2', 'Anna@EXAMPLE.com')))).toBe(id);
    expect(await first.atomically((db) => statements.byToken(db, 'doi', 'link-1'))).toBeUndefined();
    const pending = (await first.atomically((db) => statements.byToken(db, 'doi', 'link-2')))!;
    expect(await first.atomically((db) => statements.confirm(db, pending, hashDoiToken('preferences'), now))).toBe(
      true,
    );
    expect(await second.atomically((db) => statements.signUp(db, signUpRecord('link-3')))).toBeUndefined();
    expect(await first.atomically((db) => statements.byId(db, id))).toMatchObject({ status: 'SUBSCRIBED' });
  });

  test('an expired sign-up is deleted; a returning address reverts without the sign-up it never confirmed', async () => {
    testEngine = engine;
    const { first, second } = await opened();
    const expired = '2026-11-27T10:00:00.000Z';
    const stranger = (await first.atomically((db) =>
      statements.signUp(db, signUpRecord('s', 'bea@example.com', expired)),
    ))!;
    // Anna subscribed, unsubscribed, and signed up again without confirming.
    const anna = (await first.atomically((db) => statements.signUp(db, signUpRecord('a1'))))!;
    const pending = (await first.atomically((db) => statements.byToken(db, 'doi', 'a1')))!;
    await first.atomically((db) => statements.confirm(db, pending, hashDoiToken('p1'), now));
    const subscribed = (await first.atomically((db) => statements.byToken(db, 'preferences', 'p1')))!;
    await first.atomically((db) => statements.withdraw(db, subscribed, now));
    await first.atomically((db) => statements.logEvent(db, anna, 'WITHDRAWN', 'preferences', now));
    await first.atomically(function* (db) {
      yield* statements.signUp(db, { ...signUpRecord('a2', 'anna@example.com', expired), now: later });
      yield* statements.logEvent(db, anna, 'SIGNED_UP', 'sign-up', later);
    });

    expect(await second.atomically((db) => statements.purgeExpired(db, '2026-11-28T00:00:00.000Z'))).toBe(2);
    expect(await first.atomically((db) => statements.byId(db, stranger))).toBeUndefined();
    expect(await first.atomically((db) => statements.byId(db, anna))).toMatchObject({
      status: 'UNSUBSCRIBED',
      first_name: null,
      doi_token_expires_at: null,
    });
    expect(await events(first, anna)).toEqual([{ event: 'WITHDRAWN', channel: 'preferences' }]);
    expect(await second.atomically((db) => statements.purgeExpired(db, '2026-11-28T00:00:00.000Z'))).toBe(0);
  });
});
