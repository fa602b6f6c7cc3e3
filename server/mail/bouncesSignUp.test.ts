import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../newsletter/testClient.ts';
import { newsletterMailKind } from '../newsletter/mails/newsletterMails.ts';
import { suppressionStatements } from './suppressions.ts';
import { mailEvents } from '../newsletter/mailEvents.ts';
import { intakeReports } from '../newsletter/intakeReports.ts';
import { startMailIntake } from './intake.ts';
import { sampleDsn, sendToIntake } from './reportSamples.ts';
import { maskAddress } from './maskAddresses.ts';

// Suppression as the sign-up, the providers' webhook and the envelope show it (docs/newsletter.md#suppression).
const SECRET = 'w'.repeat(32);
const EVENTS = '/service/mail/api/events';
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;
const closing: (() => Promise<void>)[] = [];

async function start(env: Record<string, string> = { MAIL_WEBHOOK_SECRET: SECRET }) {
  server = await startTestServer({ env });
  client = newsletterTestClient(server, `${server.dir}/outbox`);
}
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
  for (const close of closing.splice(0)) await close();
});

const report = (body: unknown, secret = SECRET) =>
  client.json('POST', EVENTS, body, { authorization: `Bearer ${secret}` });
const reason = (email: string) =>
  server.mail.jobs.database.run((db) => suppressionStatements.reasonFor(db, 'DE', email));
const jobsTo = (email: string) =>
  server.db.prepare('SELECT kind, state, last_error FROM mail_jobs WHERE recipient = ? ORDER BY id').all(email) as {
    kind: string;
    state: string;
    last_error: string | null;
  }[];

/** Waits until the mail sender has worked off its queue: no mail to `email` is queued or being sent any more. */
async function settled(email: string) {
  await server.mail.sender.drained();
  expect(jobsTo(email).filter((job) => job.state === 'queued' || job.state === 'sending')).toEqual([]);
}

describe('POST /service/mail/api/events', () => {
  test('refuses a missing or wrong secret with 401 problem+json, accepts the right one', async () => {
    await start();
    const event = { type: 'bounce', bounceType: 'hard', email: 'gone@example.com', shop: 'DE' };
    for (const response of [await report({ events: [event] }, 'x'.repeat(32)), await client.json('POST', EVENTS, {})]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(await reason('gone@example.com')).toBeUndefined();
    const accepted = await report({ events: [event, { ...event, shop: 'XX' }] });
    expect([accepted.status, await accepted.json()]).toEqual([200, { applied: 1, ignored: 1 }]);
    expect(await reason('gone@example.com')).toBe('hard_bounce');
  });

  test('does not exist (404) while MAIL_WEBHOOK_SECRET is unset', async () => {
    await start({});
    expect((await report({ events: [] })).status).toBe(404);
  });
});

describe('sign-up of a suppressed address', () => {
  test('answers exactly as for a new address, and nothing is mailed', async () => {
    await start();
    await report({ events: [{ type: 'complaint', email: 'quiet@example.com', shop: 'DE' }] });
    const suppressed = await client.subscribe({ email: 'quiet@example.com', consents: [] }, { site: 'DE' });
    const fresh = await client.subscribe({ email: 'new@example.com', consents: [] }, { site: 'DE' });
    expect([suppressed.status, await suppressed.text()]).toEqual([fresh.status, await fresh.text()]);
    await client.mailTo('new@example.com');
    await settled('quiet@example.com');
    expect(jobsTo('quiet@example.com')).toEqual([
      { kind: newsletterMailKind.confirmation, state: 'cancelled', last_error: 'suppressed: complaint' },
    ]);
    expect(await client.mails()).toHaveLength(1);
  });

  test('a later confirmed sign-up lifts a hard-bounce suppression, never a complaint', async () => {
    await start();
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    const linkTo = (email: string) =>
      new URL(
        /(http\S+)/.exec(printed.filter((line) => line.includes(maskAddress(email))).at(-1)!)![1]!,
      ).searchParams.get('token');

    await client.subscribe({ email: 'back@example.com', consents: [] }, { site: 'DE' });
    await report({ events: [{ type: 'bounce', bounceType: 'hard', email: 'back@example.com', shop: 'DE' }] });
    expect(await reason('back@example.com')).toBe('hard_bounce');
    await client.json('PUT', `${SUBSCRIBERS}/${linkTo('back@example.com')}/doi`, {});
    expect(await reason('back@example.com')).toBeUndefined();
    await client.mailTo('back@example.com', 2);

    await client.subscribe({ email: 'angry@example.com', consents: [] }, { site: 'DE' });
    await report({ events: [{ type: 'complaint', email: 'angry@example.com', shop: 'DE' }] });
    const confirmed = await client.json('PUT', `${SUBSCRIBERS}/${linkTo('angry@example.com')}/doi`, {});
    expect(confirmed.status).toBe(200);
    expect(await reason('angry@example.com')).toBe('complaint');
    await settled('angry@example.com');
    expect(jobsTo('angry@example.com').at(-1)).toEqual({
      kind: newsletterMailKind.welcome,
      state: 'cancelled',
      last_error: 'suppressed: complaint',
    });
  });
});

describe('the envelope', () => {
  test('every mail goes out with MAIL FROM bounce+{job}-{tag}@MAIL_BOUNCE_DOMAIN (From stays MAIL_FROM), where a bounce is heard', async () => {
    const envelopes: { from: string; raw: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          envelopes.push({ from, raw: Buffer.concat(chunks).toString() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;
    await start({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_BOUNCE_DOMAIN: 'bounces.aroma.example' });
    await client.subscribe({ email: 'anna@example.com', consents: [] }, { site: 'DE' });
    await settled('anna@example.com');
    const { id } = server.db.prepare("SELECT id FROM mail_jobs WHERE recipient = 'anna@example.com'").get() as {
      id: number;
    };
    expect(envelopes.map((mail) => mail.from)).toEqual([
      server.mail.verp.address('bounce', { id, recipient: 'anna@example.com' }),
    ]);
    expect(envelopes[0]!.from).toMatch(new RegExp(`^bounce\\+${id}-[a-z2-7]{16}@bounces\\.aroma\\.example$`));
    expect(envelopes[0]!.raw).toMatch(/^From: Aroma Newsletter <newsletter@aroma\.example>$/m);

    // As an MTA would: the bounce goes to the envelope sender, and the address is suppressed.
    const events = mailEvents(server.mail.jobs, { softBounceLimit: 7 });
    const intake = await startMailIntake({
      port: 0,
      host: '127.0.0.1',
      rules: intakeReports(events, { verp: server.mail.verp }),
    });
    closing.push(() => intake.close());
    const messageId = /^Message-ID: (.+)$/im.exec(envelopes[0]!.raw)![1]!.trim();
    const dsn = sampleDsn({ to: envelopes[0]!.from, recipient: 'anna@example.com', messageId });
    await sendToIntake(intake.port, envelopes[0]!.from, dsn);
    expect(await reason('anna@example.com')).toBe('hard_bounce');
  });
});
