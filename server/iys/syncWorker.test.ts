import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { shopByCode } from '../../src/shared/countries.ts';
import { openDatabase } from '../db.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';
import { mailJobFixture } from '../fixtures/mailJobFixture.ts';
import { mailJobs, type MailJobs } from '../mail/mailJobs.ts';
import { lapseUnopened } from '../newsletter/unopenedLapse.ts';
import { storeSubscriber } from '../newsletter/subscriberRows.ts';
import type { IysClient, IysConsent, IysOutcome } from './client.ts';
import { iysSyncStatements, WAITING_FOR_IYS, type IysSyncRow } from './syncQueue.ts';
import { iysSyncWorker } from './syncWorker.ts';

// The worker's decisions (docs/newsletter.md#iys), with a scripted İYS and a fake clock.
const NOW = new Date('2026-11-25T12:00:00.000Z');
const tr = shopByCode('TR')!;
let db: DatabaseSync;
let jobs: MailJobs;
let clock: Date;
const log = { log: vi.fn(), warn: vi.fn(), error: vi.fn() };

beforeEach(() => {
  db = openDatabase(':memory:');
  jobs = mailJobs(sharedDatabaseOf(db), 'test.example');
  clock = NOW;
  vi.clearAllMocks();
});
afterEach(() => db.close());

/** An İYS that answers the given outcomes in turn, recording what it was sent. */
function scriptedIys(...outcomes: IysOutcome[]) {
  const sent: IysConsent[] = [];
  const client: IysClient = {
    register: (consent) => {
      sent.push(consent);
      return Promise.resolve(outcomes.shift() ?? { kind: 'accepted', requestId: `r${sent.length}` });
    },
  };
  return { client, sent };
}
const rows = () => db.prepare('SELECT * FROM iys_sync ORDER BY id').all() as unknown as IysSyncRow[];
const worker = (client: IysClient) =>
  iysSyncWorker(jobs, client, { now: () => clock, retryFirstMs: 1000, retryMaxMs: 4000, log });

async function confirmedTr(email: string): Promise<{ subscriberId: number; welcomeJob: number }> {
  const subscriberId = storeSubscriber(db, { email, site: 'TR', confirmedAt: NOW.toISOString() });
  const welcomeJob = await jobs.enqueue(mailJobFixture({ kind: 'welcome', recipient: email, subscriberId }), NOW);
  await jobs.database.atomically((k) =>
    iysSyncStatements.enqueue(k, {
      subscriberId,
      shop: tr,
      recipient: email,
      status: 'ONAY',
      at: NOW,
      holdMailJobId: welcomeJob,
    }),
  );
  return { subscriberId, welcomeJob };
}
const job = (id: number) =>
  db.prepare('SELECT state, next_attempt_at, last_error FROM mail_jobs WHERE id = ?').get(id) as {
    state: string;
    next_attempt_at: string;
    last_error: string | null;
  };

describe('iysSyncWorker', () => {
  test('a 4xx marks the row failed with İYS answer, logs an error for the operator, and the next row still goes', async () => {
    const first = await confirmedTr('bir@example.com');
    await confirmedTr('iki@example.com');
    const iys = scriptedIys({ kind: 'refused', error: 'HTTP 400 {"errors":[{"code":"INVALID_FIELD"}]}' });

    await worker(iys.client).runOnce();

    expect(rows().map((row) => [row.recipient, row.state, row.last_error])).toEqual([
      ['bir@example.com', 'failed', 'HTTP 400 {"errors":[{"code":"INVALID_FIELD"}]}'],
      ['iki@example.com', 'accepted', null],
    ]);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('docs/operations.md#iys'));
    // The refused consent's welcome mail stays held: no marketing without İYS.
    expect(job(first.welcomeJob).last_error).toBe(WAITING_FOR_IYS);
  });

  test('busy İYS: retried after a doubling delay, capped; nothing behind it overtakes', async () => {
    await confirmedTr('bir@example.com');
    await confirmedTr('iki@example.com');
    const busy: IysOutcome = { kind: 'retry', error: 'HTTP 503' };
    const iys = scriptedIys(busy, busy, busy, busy);
    const sync = worker(iys.client);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await sync.runOnce();
      const due = Date.parse(rows()[0]!.next_attempt_at);
      delays.push(due - clock.getTime());
      // Not yet due: nothing is sent.
      await sync.runOnce();
      clock = new Date(due);
    }
    expect(delays).toEqual([1000, 2000, 4000, 4000]);
    expect(iys.sent.map((consent) => consent.recipient)).toEqual(Array(4).fill('bir@example.com'));

    await sync.runOnce();
    expect(rows().map((row) => [row.state, row.attempts])).toEqual([
      ['accepted', 5],
      ['accepted', 1],
    ]);
  });

  test('an accepted ONAY records the request id and releases the held welcome mail', async () => {
    const { welcomeJob } = await confirmedTr('bir@example.com');
    expect(job(welcomeJob)).toMatchObject({ state: 'queued', last_error: WAITING_FOR_IYS });
    expect(await jobs.claim('t', new Date('2030-01-01T00:00:00.000Z'))).toBeUndefined();

    clock = new Date(NOW.getTime() + 5000);
    await worker(scriptedIys({ kind: 'accepted', requestId: 'req-1' }).client).runOnce();

    expect(rows()[0]).toMatchObject({ state: 'accepted', request_id: 'req-1' });
    expect(job(welcomeJob)).toEqual({ state: 'queued', next_attempt_at: clock.toISOString(), last_error: null });
  });

  test('a TR subscription that lapses for want of opens is withdrawn at İYS (RET)', async () => {
    storeSubscriber(db, { email: 'eski@example.com', site: 'TR', confirmedAt: '2020-01-01T00:00:00.000Z' });
    storeSubscriber(db, { email: 'de@example.com', site: 'DE', confirmedAt: '2020-01-01T00:00:00.000Z' });
    expect(await lapseUnopened(jobs, NOW)).toBe(1);
    expect(rows().map((row) => [row.recipient, row.status, row.consent_date, row.deadline])).toEqual([
      // Wednesday noon: three business days later is Monday noon.
      ['eski@example.com', 'RET', NOW.toISOString(), '2026-11-30T12:00:00.000Z'],
    ]);
  });
});
