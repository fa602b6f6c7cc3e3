import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openDatabase } from '../db.ts';
import { mailJobs, type MailJobs } from '../mail/mailJobs.ts';
import { hashDoiToken } from './doiToken.ts';
import { storeSubscriber } from './subscriberRows.ts';
import { subscriberStatements as statements } from './subscriberStore.ts';
import { lapseUnopened, LAPSE_BATCH_SIZE } from './unopenedLapse.ts';
import { unopenedSweeper } from './unopenedSweeper.ts';
import { mailJobFixture } from '../fixtures/mailJobFixture.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';

// The TR legal notice and welcome mail promise that sending stops after {{unopenedYears}} years without an opened
// e-bulletin (docs/newsletter.md#opens-and-the-tr-two-year-rule).
const NOW = new Date('2026-11-25T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const before = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const TWO_YEARS_AGO = '2024-11-25T12:00:00.000Z';

let db: DatabaseSync;
let jobs: MailJobs;
beforeEach(() => {
  db = openDatabase(':memory:');
  jobs = mailJobs(sharedDatabaseOf(db), 'test.example');
});
afterEach(() => db.close());

const row = (email: string) =>
  db.prepare('SELECT * FROM subscribers WHERE email = ?').get(email) as Record<string, unknown>;
const events = (email: string) =>
  db.prepare('SELECT event, channel, at FROM consent_events WHERE email = ? ORDER BY id').all(email);
const jobState = (id: number) =>
  (db.prepare('SELECT state FROM mail_jobs WHERE id = ?').get(id) as { state: string }).state;

describe('lapseUnopened', () => {
  test('ends a TR subscription confirmed 2 years and a day ago without opens, as an unsubscribe does', async () => {
    const id = storeSubscriber(db, {
      email: 'eski@example.com',
      site: 'TR',
      confirmedAt: new Date(Date.parse(TWO_YEARS_AGO) - DAY_MS).toISOString(),
    });
    const queued = await jobs.enqueue(
      mailJobFixture({ kind: 'welcome', recipient: 'eski@example.com', subscriberId: id }),
      NOW,
    );

    expect(await lapseUnopened(jobs, NOW)).toBe(1);

    expect(row('eski@example.com')).toMatchObject({
      status: 'UNSUBSCRIBED',
      salutation: null,
      first_name: null,
      last_name: null,
      preferences_token_hash: null,
      unsubscribed_at: NOW.toISOString(),
      consents: '["DNE"]',
    });
    expect(events('eski@example.com')).toEqual([
      expect.objectContaining({ event: 'CONFIRMED' }),
      { event: 'LAPSED', channel: 'no opens', at: NOW.toISOString() },
    ]);
    expect(jobState(queued)).toBe('cancelled');
  });

  test('keeps a TR subscriber who opened a year ago, though confirmed long before', async () => {
    storeSubscriber(db, {
      email: 'okur@example.com',
      site: 'TR',
      confirmedAt: before(5 * 365),
      lastOpenedAt: before(365),
    });
    expect(await lapseUnopened(jobs, NOW)).toBe(0);
    expect(row('okur@example.com')).toMatchObject({ status: 'SUBSCRIBED', first_name: 'Ayşe' });
  });

  test('keeps a TR subscriber confirmed exactly 2 years ago, and ends one whose last open is older', async () => {
    storeSubscriber(db, { email: 'tam@example.com', site: 'TR', confirmedAt: TWO_YEARS_AGO });
    storeSubscriber(db, {
      email: 'acmadi@example.com',
      site: 'TR',
      confirmedAt: before(4 * 365),
      lastOpenedAt: before(2 * 365 + 2),
    });
    expect(await lapseUnopened(jobs, NOW)).toBe(1);
    expect([row('tam@example.com').status, row('acmadi@example.com').status]).toEqual(['SUBSCRIBED', 'UNSUBSCRIBED']);
    expect(row('acmadi@example.com').last_opened_at).toBeNull();
  });

  test('a lapsed address that signs up and confirms again starts afresh: the next sweep keeps it', async () => {
    storeSubscriber(db, {
      email: 'geri@example.com',
      site: 'TR',
      confirmedAt: before(4 * 365),
      lastOpenedAt: before(3 * 365),
    });
    expect(await lapseUnopened(jobs, NOW)).toBe(1);
    const { run } = sharedDatabaseOf(db);
    const at = NOW.toISOString();
    const record = {
      email: 'geri@example.com',
      salutation: null,
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      consents: '[]',
      legals: '["NEWSLETTER"]',
      origin: 'onsite',
      originAddition: 'subsite',
      site: 'TR',
      consentTextVersion: 'v2',
      tokenHash: hashDoiToken('doi-token'),
      expiresAt: before(-14),
      now: at,
    } as const;
    await run((k) => statements.signUp(k, record));
    const pending = (await run((k) => statements.byToken(k, 'doi', 'doi-token')))!;
    expect(await run((k) => statements.confirm(k, pending, hashDoiToken('preferences-token'), at))).toBe(true);
    expect(await lapseUnopened(jobs, NOW)).toBe(0);
    expect(row('geri@example.com')).toMatchObject({ status: 'SUBSCRIBED', last_opened_at: null });
  });

  test('leaves shops without the rule alone: a DE subscriber confirmed 3 years ago stays', async () => {
    storeSubscriber(db, { email: 'kunde@example.com', site: 'DE', confirmedAt: before(3 * 365) });
    expect(await lapseUnopened(jobs, NOW)).toBe(0);
    expect(row('kunde@example.com')).toMatchObject({ status: 'SUBSCRIBED', first_name: 'Ayşe' });
    expect(events('kunde@example.com')).toHaveLength(1);
  });

  test('ends every due subscription however many there are, in batches', async () => {
    for (let index = 0; index < LAPSE_BATCH_SIZE + 5; index += 1)
      storeSubscriber(db, { email: `u${index}@example.com`, site: 'TR', confirmedAt: before(800) });
    expect(await lapseUnopened(jobs, NOW)).toBe(LAPSE_BATCH_SIZE + 5);
    expect(db.prepare(`SELECT COUNT(*) AS n FROM subscribers WHERE status = 'SUBSCRIBED'`).get()).toEqual({ n: 0 });
    expect(await lapseUnopened(jobs, NOW)).toBe(0);
  });
});

describe('unopenedSweeper', () => {
  test('sweeps at start and on its interval, by the injected clock', async () => {
    vi.useFakeTimers();
    try {
      storeSubscriber(db, { email: 'later@example.com', site: 'TR', confirmedAt: before(2 * 365 - 1) });
      let clock = NOW;
      const sweeper = unopenedSweeper(jobs, {
        intervalMs: 1000,
        now: () => clock,
        log: { log: () => {}, error: () => {} },
      });
      sweeper.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(row('later@example.com').status).toBe('SUBSCRIBED');
      clock = new Date(NOW.getTime() + 3 * DAY_MS);
      await vi.advanceTimersByTimeAsync(1000);
      expect(row('later@example.com').status).toBe('UNSUBSCRIBED');
      await sweeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
