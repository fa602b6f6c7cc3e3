import os from 'node:os';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../db.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';
import { mailJobs, type MailJob } from './mailJobs.ts';
import { mailSender, type MailKind, type MailSender } from './sender.ts';
import type { MailTransport, OutgoingMessage } from './transport.ts';
import { senderGone, senderRunning } from './senderIdentity.ts';
import { mailJobFixture } from '../fixtures/mailJobFixture.ts';

// The mail job state machine (docs/newsletter.md#mail-delivery): queued -> sending -> sent, or back to queued with a
// growing delay, or failed for good; jobs a dead process left `sending`; stopping leaves the queue as it is.

const quiet = { log: () => {}, warn: () => {}, error: () => {} };
const retry = { firstMs: 40, maxMs: 160 };
let sender: MailSender | undefined;
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
});

/** A transport that answers each hand-over from a script: 'ok', or the error to throw. */
function scriptedTransport(
  script: ('ok' | Error)[],
  options: { knowsEarlierDeliveries?: boolean; delayMs?: number; hold?: Promise<void> } = {},
) {
  const handedOver: OutgoingMessage[] = [];
  const attempts: number[] = [];
  const transport: MailTransport = {
    kind: options.knowsEarlierDeliveries ? 'file' : 'smtp',
    knowsEarlierDeliveries: options.knowsEarlierDeliveries ?? false,
    description: 'the test transport',
    async send(message, _target, handingOver = () => {}) {
      attempts.push(Date.now());
      await handingOver();
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      await options.hold;
      const step = script.shift() ?? 'ok';
      if (step instanceof Error) throw step;
      handedOver.push(message);
      return 'delivered';
    },
    close: () => {},
  };
  return { transport, handedOver, attempts };
}

const kind: MailKind = {
  render: async (job: MailJob) => ({
    from: 'a@aroma.example',
    replyTo: 'b@aroma.example',
    to: job.recipient,
    subject: 's',
    text: 't',
    html: '<p>t</p>',
    messageId: job.message_id,
    headers: {},
  }),
};

function setUp(transport: MailTransport, kinds: Record<string, MailKind> = { test: kind }, retryAfter = retry) {
  const db = openDatabase(':memory:');
  const jobs = mailJobs(sharedDatabaseOf(db), 'aroma.example');
  const row = (id: number) =>
    db.prepare('SELECT * FROM mail_jobs WHERE id = ?').get(id) as unknown as MailJob & { finished_at: string | null };
  const start = () => {
    sender = mailSender({ jobs, transport, kinds, retry: retryAfter, pollMs: 20, log: quiet });
    sender.start();
    return sender;
  };
  return { db, jobs, row, start };
}

const until = (check: () => boolean) => expect.poll(check, { timeout: 3000, interval: 5 }).toBe(true);
const refusal = (code: number, command = 'CONN') =>
  Object.assign(new Error(`${code} try later`), { responseCode: code, command, code: 'EPROTOCOL' });

describe('mail job state machine', () => {
  test('queued -> sending -> sent: one hand-over, payload cleared, the same Message-ID as queued', async () => {
    const { transport, handedOver } = scriptedTransport([]);
    const { jobs, row, start } = setUp(transport);
    const id = await jobs.enqueue(
      mailJobFixture({ recipient: 'anna@example.com', payload: { token: 'secret-token' } }),
    );
    expect(row(id)).toMatchObject({ state: 'queued', attempts: 0, payload: '{"token":"secret-token"}' });
    expect(row(id).message_id).toMatch(/^<\d{8}T\d{9}Z\.[0-9a-f]{16}@aroma\.example>$/);
    start();
    await until(() => row(id).state === 'sent');
    expect(row(id)).toMatchObject({ attempts: 1, payload: null, last_error: null, finished_at: expect.any(String) });
    expect(handedOver.map((message) => message.messageId)).toEqual([row(id).message_id]);
  });

  test('a refused hand-over goes back to the queue with a doubling delay, then is sent once', async () => {
    const { transport, handedOver, attempts } = scriptedTransport([
      refusal(421),
      refusal(421),
      new Error('connect ECONNREFUSED'),
      'ok',
    ]);
    const { jobs, row, start } = setUp(transport);
    const id = await jobs.enqueue(mailJobFixture());
    start();
    await until(() => row(id).state === 'sent');
    expect(row(id).attempts).toBe(4);
    expect(handedOver).toHaveLength(1);
    // Waits of about 40, 80 and 160 ms (±20 % jitter), each longer than the one before.
    const waits = attempts.slice(1).map((at, index) => at - attempts[index]!);
    expect(waits[0]).toBeGreaterThanOrEqual(30);
    expect(waits[1]).toBeGreaterThanOrEqual(62);
    expect(waits[2]).toBeGreaterThanOrEqual(126);
  });

  test('while retrying, the job says why and when: queued, last_error, a later next_attempt_at', async () => {
    const { transport, attempts } = scriptedTransport([refusal(421), 'ok']);
    // A wait of a minute: the job stays in its retrying state while the test looks (with the file's 40 ms, a loaded
    // machine let the retry come and go between two looks). That it is then sent: the test above.
    const { jobs, row, start } = setUp(transport, undefined, { firstMs: 60_000, maxMs: 60_000 });
    const id = await jobs.enqueue(mailJobFixture());
    const queuedAt = row(id).next_attempt_at;
    start();
    await until(() => row(id).attempts === 1 && row(id).state === 'queued');
    expect(row(id).last_error).toMatch(/421/);
    // About a minute later, give or take the 20 % jitter.
    expect(Date.parse(row(id).next_attempt_at)).toBeGreaterThan(Date.parse(queuedAt) + 45_000);
    expect(attempts).toHaveLength(1);
  });

  test('a refusal of this recipient or message (5xx on RCPT TO or DATA) is final: failed, not retried', async () => {
    const { transport, attempts } = scriptedTransport([refusal(550, 'RCPT TO')]);
    const { jobs, row, start } = setUp(transport);
    const id = await jobs.enqueue(mailJobFixture({ recipient: 'nobody@example.com', payload: { token: 'x' } }));
    const running = start();
    await until(() => row(id).state === 'failed');
    expect(row(id)).toMatchObject({ payload: null, last_error: expect.stringMatching(/550/) });
    await running.drained();
    expect(attempts).toHaveLength(1);
  });

  test('a job its kind no longer wants, or one past its not-after time, is cancelled without a hand-over', async () => {
    const { transport, handedOver } = scriptedTransport([]);
    const { jobs, row, start } = setUp(transport, { test: kind, gone: { render: async () => null } });
    const unwanted = await jobs.enqueue(mailJobFixture({ kind: 'gone', recipient: 'a@example.com' }));
    const expired = await jobs.enqueue(
      mailJobFixture({ recipient: 'b@example.com', notAfter: new Date(Date.now() - 1) }),
    );
    start();
    await until(() => row(unwanted).state === 'cancelled' && row(expired).state === 'cancelled');
    expect(handedOver).toEqual([]);
  });

  test('a job queued for later waits until then', async () => {
    const { transport, attempts } = scriptedTransport([]);
    const { jobs, row, start } = setUp(transport);
    // Measured against the job's own not-before time: on a loaded machine the enqueue itself may take 50 ms or more.
    const notBefore = new Date(Date.now() + 150);
    const id = await jobs.enqueue(mailJobFixture({ recipient: 'a@example.com', notBefore }));
    start();
    await until(() => row(id).state === 'sent');
    expect(attempts[0]!).toBeGreaterThanOrEqual(notBefore.getTime());
  });

  test('cancelling a subscriber’s queued jobs keeps them from being sent', async () => {
    const { transport, handedOver } = scriptedTransport([]);
    const { db, jobs, row, start } = setUp(transport);
    const subscriber = (
      db
        .prepare(
          `INSERT INTO subscribers (email, consents, origin, origin_addition, status, created_at, updated_at)
      VALUES ('a@example.com', '[]', 'o', 'o', 'SUBSCRIBED', '', '') RETURNING id`,
        )
        .get() as { id: number }
    ).id;
    const id = await jobs.enqueue(
      mailJobFixture({ recipient: 'a@example.com', subscriberId: subscriber, payload: { token: 't' } }),
    );
    await jobs.cancelQueuedFor(subscriber, 'unsubscribed');
    await start().drained();
    expect(row(id)).toMatchObject({ state: 'cancelled', payload: null, last_error: 'unsubscribed' });
    expect(handedOver).toEqual([]);
  });
});

describe('after a crash and on shutdown', () => {
  /** A process of this host that is no longer running (no process has this id). */
  const deadSender = `${os.hostname()}:999999999:dead`;

  /** A job as a sender leaves it that dies while connecting (`claimed`) or during the hand-over itself. */
  async function leaveSending(jobs: ReturnType<typeof mailJobs>, handedOver: boolean, owner = deadSender) {
    const id = await jobs.enqueue(mailJobFixture({ recipient: 'anna@example.com', payload: { token: 't' } }));
    expect((await jobs.claim(owner))?.id).toBe(id);
    if (handedOver) await jobs.handingOver(id);
    return id;
  }

  test('a job another live sender is sending is left alone (two services processes on one database)', async () => {
    const { transport, handedOver } = scriptedTransport([]);
    const { jobs, row, start } = setUp(transport);
    const other = `${os.hostname()}:${process.pid}:other`;
    senderRunning(other, true);
    const id = await leaveSending(jobs, false, other);
    await start().drained();
    expect(row(id).state).toBe('sending');
    expect(handedOver).toEqual([]);
    senderRunning(other, false);
  });

  test('a claim from another host counts as abandoned only when older than any hand-over lasts', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(senderGone('other-host:12:ab', '2026-11-24T09:59:00Z', 'me', now)).toBe(false);
    expect(senderGone('other-host:12:ab', '2026-11-24T09:54:00Z', 'me', now)).toBe(true);
    expect(senderGone(deadSender, '2026-11-24T09:59:59Z', 'me', now)).toBe(true);
    // Our own process id but no running sender of ours: an earlier process with the same id (a container restarted).
    expect(senderGone(`${os.hostname()}:${process.pid}:before`, '2026-11-24T09:59:59Z', 'me', now)).toBe(true);
  });

  test('SMTP: a job that died before its hand-over (connecting, logging in) is sent again', async () => {
    const { transport, handedOver } = scriptedTransport([]);
    const { jobs, row, start } = setUp(transport);
    const id = await leaveSending(jobs, false);
    start();
    await until(() => row(id).state === 'sent');
    expect(handedOver).toHaveLength(1);
  });

  test('SMTP: a job found `sending` after its hand-over began may have arrived, so it is never sent again (unknown)', async () => {
    const { transport, handedOver } = scriptedTransport([]);
    const { jobs, row, start } = setUp(transport);
    const id = await leaveSending(jobs, true);
    const running = start();
    await until(() => row(id).state === 'unknown');
    expect(row(id).payload).toBeNull();
    await running.drained();
    expect(handedOver).toEqual([]);
  });

  test('file outbox: a job found `sending` is handed over again (the outbox itself tells whether it was written)', async () => {
    const { transport, handedOver } = scriptedTransport([], { knowsEarlierDeliveries: true });
    const { jobs, row, start } = setUp(transport);
    const id = await leaveSending(jobs, true);
    start();
    await until(() => row(id).state === 'sent');
    expect(handedOver).toHaveLength(1);
    expect(row(id).attempts).toBe(2);
  });

  test('stop() lets the hand-over in progress finish and leaves the other jobs queued', async () => {
    // Hand-overs that last until the test lets them end: stop() comes while two are in progress, however loaded the
    // machine is (a fixed 100 ms let them end, and the third begin, before a loaded test looked).
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { transport, handedOver, attempts } = scriptedTransport([], { hold });
    const { jobs, row, start } = setUp(transport);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push(await jobs.enqueue(mailJobFixture({ recipient: `${n}@example.com` })));
    const running = start();
    await until(() => attempts.length === 2);
    expect(row(ids[0]!).state).toBe('sending');
    let stoppedYet = false;
    const stopped = running.stop().then(() => (stoppedYet = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stoppedYet, 'stop() waits for the hand-overs in progress').toBe(false);
    release();
    await stopped;
    sender = undefined;
    expect(ids.map((id) => row(id).state)).toEqual(['sent', 'sent', 'queued']);
    expect(handedOver).toHaveLength(2); // two hand-overs run at a time
  });
});

describe('drained()', () => {
  test('resolves once every job queued before it is out, retries included; refuses a sender not running', async () => {
    const { transport, handedOver } = scriptedTransport([refusal(421)], { delayMs: 30 });
    const { jobs, row, start } = setUp(transport);
    const running = start();
    await running.drained();
    // Queued without notify(): drained() looks at the queue itself.
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push(await jobs.enqueue(mailJobFixture({ recipient: `${n}@example.com` })));
    await running.drained();
    expect(ids.map((id) => row(id).state)).toEqual(['sent', 'sent', 'sent']);
    expect(handedOver).toHaveLength(3);
    await running.stop();
    sender = undefined;
    await expect(running.drained()).rejects.toThrow('The mail sender is not running');
  });
});
