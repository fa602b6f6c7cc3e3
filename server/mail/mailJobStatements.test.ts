import { afterEach, describe, expect, test } from 'vitest';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { mailJobFixture } from '../fixtures/mailJobFixture.ts';
import { mailJobStatements as statements, newMessageId } from './mailJobs.ts';

// The mail queue, written once, on both engines: two instances on one database, as behind a load balancer.
let open: TwoInstances | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const now = new Date('2026-11-28T10:00:00.000Z');
const later = new Date('2026-11-28T10:10:00.000Z');

describe.each(testEngines)('$engine', (engine) => {
  async function opened(): Promise<TwoInstances> {
    const instances = await engine.open();
    open = instances;
    await Promise.all([instances.first.ready(), instances.second.ready()]);
    return instances;
  }

  test('claims on two instances at once each take a different due job, none comes back empty', async () => {
    const { first, second } = await opened();
    const queued = await first.atomically(function* (db) {
      const ids: number[] = [];
      for (let index = 0; index < 30; index += 1) {
        const job = mailJobFixture({ recipient: `reader${index}@example.com` });
        ids.push(yield* statements.enqueue(db, job, newMessageId(now, 'example.com'), now));
      }
      return ids;
    });
    // Thirty claims at once, half through each instance: none may come back empty while jobs are due.
    const claims = await Promise.all(
      queued.map((_, sender) =>
        (sender % 2 ? first : second).atomically((db) => statements.claim(db, `host:1:${sender}`, later)),
      ),
    );
    expect(claims.filter((job) => job === undefined)).toHaveLength(0);
    expect(claims.map((job) => job!.id).sort((a, b) => a - b)).toEqual(queued);
    expect(claims[7]).toMatchObject({ state: 'sending', attempts: 1, claimed_by: 'host:1:7' });
    expect(await second.atomically((db) => statements.nextDueAt(db))).toBeUndefined();
    expect(await first.atomically((db) => statements.sending(db))).toHaveLength(30);
  });

  test('a job is due at its time, finished once, retried later, recovered and cancelled', async () => {
    const { first, second } = await opened();
    const job = mailJobFixture({ subscriberId: undefined, notBefore: later });
    const id = await first.atomically((db) => statements.enqueue(db, job, newMessageId(now, 'example.com'), now));
    expect(await second.atomically((db) => statements.claim(db, 'a', now))).toBeUndefined();
    expect(await second.atomically((db) => statements.nextDueAt(db))).toEqual(later);
    const claimed = (await second.atomically((db) => statements.claim(db, 'a', later)))!;
    expect(claimed.id).toBe(id);
    expect(JSON.parse(claimed.payload!)).toEqual(job.payload);

    await first.atomically((db) => statements.retryAt(db, id, new Date('2026-11-28T11:00:00.000Z'), 'timeout'));
    expect(await second.atomically((db) => statements.claim(db, 'b', later))).toBeUndefined();
    const again = (await second.atomically((db) => statements.claim(db, 'b', new Date('2026-11-28T11:00:00.000Z'))))!;
    expect(again).toMatchObject({ id, attempts: 2, last_error: 'timeout' });
    await first.atomically((db) => statements.handingOver(db, id, later));
    await first.atomically((db) => statements.recover(db, id, 'unknown', 'died while handing over', later));
    const [unknown] = await first.atomically((db) => statements.sending(db));
    expect(unknown).toBeUndefined();
    // Finished only from `sending`: a job in doubt is never marked sent.
    expect(await second.atomically((db) => statements.finish(db, id, 'sent', null, later))).toBe(false);
  });

  test("a subscriber's queued jobs are cancelled, and no longer pending", async () => {
    const { first, second } = await opened();
    const subscriberId = await first.atomically(function* (db) {
      const rows = yield* (function* () {
        return (yield db
          .insertInto('subscribers')
          .values({
            email: 'anna@example.com',
            salutation: null,
            first_name: null,
            last_name: null,
            consents: '[]',
            legals: '[]',
            origin: 'FOOTER',
            origin_addition: '',
            status: 'WAITING_FOR_DOI',
            site: 'AT',
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .returning('id')
          .compile()) as { id: number }[];
      })();
      return rows[0]!.id;
    });
    const job = mailJobFixture({ subscriberId });
    await first.atomically((db) => statements.enqueue(db, job, newMessageId(now, 'example.com'), now));
    expect(await second.atomically((db) => statements.hasPending(db, subscriberId, job.kind))).toBe(true);
    await second.atomically((db) => statements.cancelQueuedFor(db, subscriberId, 'unsubscribed', later));
    expect(await first.atomically((db) => statements.hasPending(db, subscriberId, job.kind))).toBe(false);
    expect(await first.atomically((db) => statements.claim(db, 'a', later))).toBeUndefined();
  });
});
