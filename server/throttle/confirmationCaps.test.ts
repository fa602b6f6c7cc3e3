import { afterEach, describe, expect, test } from 'vitest';
import { createPostgresTestDatabase, postgresTestUrl } from '../database/postgresTestDatabase.ts';
import { mailStatusReport } from '../mail/mailStatus.ts';
import { readConfig } from '../../src/shared/config.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { confirmationCaps, releaseDeferredConfirmations, CONFIRMATION_CAP_WINDOW_MS } from './confirmationCaps.ts';
import { confirmationReleaser } from '../newsletter/confirmationRelease.ts';
import { newsletterMailKind } from '../newsletter/mails/newsletterMails.ts';
import { newsletterTestClient } from '../newsletter/testClient.ts';

// Caps on confirmation mails (docs/newsletter.md#rate-limit): per client network and domain, per domain and overall.
// No cap drops a sign-up: over one it is stored, answered exactly as any other, and its mail deferred until the caps
// allow it; one source cannot keep a shopper of another network from their mail.
let server: TestServer;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await server?.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const caps = {
  // Half of the domain's six: three per client network.
  NEWSLETTER_CONFIRMATIONS_NETWORK_SHARE_PERCENT: '50',
  NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '6',
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: '1000',
  NEWSLETTER_SIGNUPS_PER_MINUTE: '1000',
  TRUST_PROXY: 'true',
};
/** The caps as the services read them from these settings. */
const capsOf = (env: Record<string, string>) => readConfig(env).confirmationCaps;
const HOUR = CONFIRMATION_CAP_WINDOW_MS;

/** The engines the caps must hold on: SQLite, and PostgreSQL where the tests have a server. */
const engines = [
  { engine: 'sqlite', env: async () => ({}) },
  ...(postgresTestUrl()
    ? [
        {
          engine: 'postgres',
          env: async () => {
            const database = await createPostgresTestDatabase();
            cleanups.push(() => database.drop());
            // What the caps answer is under test, not the bounded wait for a connection (tests/faults/
            // postgresBoundedWait.test.ts): on a busy machine a second's wait could answer 503 here.
            return { DATABASE_URL: database.url, DATABASE_ACQUIRE_TIMEOUT_MS: '30000' } as Record<string, string>;
          },
        },
      ]
    : []),
];

/** The confirmation jobs as the sender sees them: who, and whether they wait for a cap. */
const confirmations = () =>
  server.mail.jobs.database.run(function* (db) {
    const rows = (yield db
      .selectFrom('mail_jobs')
      .select(['recipient', 'next_attempt_at', 'released_at'])
      .where('kind', '=', newsletterMailKind.confirmation)
      .orderBy('id')
      .compile()) as { recipient: string; next_attempt_at: string; released_at: string | null }[];
    return rows.map((row) => ({ recipient: row.recipient, deferred: row.released_at === null }));
  });
const subscribers = () =>
  server.mail.jobs.database.run(function* (db) {
    const [row] = (yield db
      .selectFrom('subscribers')
      .select((count) => count.fn.countAll<number>().as('n'))
      .compile()) as { n: number }[];
    return Number(row!.n);
  });
const released = async () => (await confirmations()).filter((job) => !job.deferred).map((job) => job.recipient);

describe.each(engines)('the confirmation caps on $engine', ({ env }) => {
  test('a flood from one network fills its share; every sign-up is stored, and a shopper from elsewhere gets the mail', async () => {
    server = await startTestServer({ env: { ...caps, ...(await env()) } });
    const client = newsletterTestClient(server, `${server.dir}/outbox`);
    // Seven client addresses of one network, as in the probe, sign up strangers at one domain.
    const flood = Array.from({ length: 14 }, (_, index) => `stranger${index}@mailbox.example`);
    const answers = await Promise.all(
      flood.map((email, index) =>
        client.subscribe({ email, consents: [] }, { site: 'DE', 'x-forwarded-for': `203.0.113.${(index % 7) + 1}` }),
      ),
    );
    const shopper = await client.subscribe(
      { email: 'shopper@mailbox.example', consents: [] },
      { site: 'DE', 'x-forwarded-for': '198.51.100.20' },
    );
    // The answers say nothing different: 201, no body, for the flood and the shopper alike.
    const bodies = await Promise.all([...answers, shopper].map(async (answer) => [answer.status, await answer.text()]));
    expect(new Set(bodies.map((body) => JSON.stringify(body)))).toEqual(new Set([JSON.stringify([201, ''])]));
    // Nothing dropped: every sign-up is stored; the flood's network got its share of three mails, the shopper theirs.
    expect(await subscribers()).toBe(15);
    expect((await released()).filter((email) => email.startsWith('stranger'))).toHaveLength(3);
    expect(await released()).toContain('shopper@mailbox.example');
    expect((await confirmations()).filter((job) => job.deferred)).toHaveLength(11);
    // The shopper's mail arrives now, not in an hour.
    await client.mailTo('shopper@mailbox.example');
    expect(await mailStatusReport(server.mail.jobs.database)).toMatch(
      /Confirmation mails deferred by the caps \(sent once they allow\)\n {2}deferred +11\n/,
    );

    // Each hour lets the next three of that network go; none is ever dropped.
    const decided = confirmationCaps(capsOf(caps), { warn: () => {} });
    let at = Date.now();
    for (let hour = 1; hour <= 4; hour += 1) {
      at += HOUR + 1000;
      expect(await releaseDeferredConfirmations(server.mail.jobs.database, decided, new Date(at))).toBe(
        Math.min(3, 11 - (hour - 1) * 3),
      );
    }
    expect((await confirmations()).filter((job) => job.deferred)).toEqual([]);
  });

  test('a flood from many networks fills the domain cap: the shopper waits, and goes first when a slot frees', async () => {
    server = await startTestServer({ env: { ...caps, ...(await env()) }, mail: false });
    const client = newsletterTestClient(server, `${server.dir}/outbox`);
    const start = Date.now();
    // Ten networks, three sign-ups each: six mails go (the domain cap), the rest wait.
    for (let network = 1; network <= 10; network += 1)
      for (let index = 0; index < 3; index += 1)
        await client.subscribe(
          { email: `n${network}.${index}@mailbox.example`, consents: [] },
          { site: 'DE', 'x-forwarded-for': `10.0.${network}.7` },
        );
    await client.subscribe(
      { email: 'shopper@mailbox.example', consents: [] },
      { site: 'DE', 'x-forwarded-for': '192.0.2.5' },
    );
    expect(await subscribers()).toBe(31);
    expect(await released()).toHaveLength(6);
    expect(await released()).not.toContain('shopper@mailbox.example');

    // Within the hour of the first mails, a slot frees: the networks that got nothing go first, the shopper's too.
    const decided = confirmationCaps(capsOf(caps), { warn: () => {} });
    expect(await releaseDeferredConfirmations(server.mail.jobs.database, decided, new Date(start + 1000))).toBe(0);
    expect(
      await releaseDeferredConfirmations(server.mail.jobs.database, decided, new Date(start + HOUR + 60_000)),
    ).toBe(6);
    expect(await released()).toContain('shopper@mailbox.example');
    // Whose turn it was: one mail of each network that had none in the window, the oldest networks first.
    expect((await released()).slice(6).sort()).toEqual(
      ['n3.0', 'n4.0', 'n5.0', 'n6.0', 'n7.0', 'shopper'].map((local) => `${local}@mailbox.example`).sort(),
    );
  });

  test('the overall cap holds for 20 sign-ups at once across domains: all stored, 5 mails, 15 deferred', async () => {
    server = await startTestServer({
      env: { ...caps, NEWSLETTER_CONFIRMATIONS_PER_HOUR: '5', ...(await env()) },
      mail: false,
    });
    const client = newsletterTestClient(server, `${server.dir}/outbox`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client.subscribe(
          { email: `reader@domain${index}.example`, consents: [] },
          { site: 'DE', 'x-forwarded-for': `198.51.${index}.1` },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(await subscribers()).toBe(20);
    expect(await released()).toHaveLength(5);
  });
});

test('the releaser lets deferred mails go by itself once the caps allow, and the sender sends them', async () => {
  server = await startTestServer({ env: { ...caps, NEWSLETTER_CONFIRMATIONS_NETWORK_SHARE_PERCENT: '1' } });
  const client = newsletterTestClient(server, `${server.dir}/outbox`);
  for (const email of ['first@mailbox.example', 'second@mailbox.example'])
    await client.subscribe({ email, consents: [] }, { site: 'DE', 'x-forwarded-for': '203.0.113.9' });
  expect(await released()).toEqual(['first@mailbox.example']);
  // An hour later the first mail no longer counts.
  await server.mail.jobs.database.run(function* (db) {
    yield db
      .updateTable('mail_jobs')
      .set({ released_at: new Date(Date.now() - HOUR - 1000).toISOString() })
      .where('recipient', '=', 'first@mailbox.example')
      .compile();
  });
  const releaser = confirmationReleaser(
    server.mail.jobs,
    capsOf({ ...caps, NEWSLETTER_CONFIRMATIONS_NETWORK_SHARE_PERCENT: '1' }),
    { intervalMs: 50 },
  );
  releaser.start();
  cleanups.push(async () => releaser.stop());
  await client.mailTo('second@mailbox.example');
});
