import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient } from '../newsletter/testClient.ts';
import { mailEvents } from '../newsletter/mailEvents.ts';
import { newsletterMailKind } from '../newsletter/mails/newsletterMails.ts';
import { startMailIntake, type MailIntake } from './intake.ts';
import { sampleComplaint, sampleDsn, sendToIntake } from './reportSamples.ts';

// Bounces and complaints through the SMTP intake (docs/newsletter.md#suppression, docs/operations.md#bounces-and-complaints).
let server: TestServer;
let intake: MailIntake;
let client: ReturnType<typeof newsletterTestClient>;

async function start(env: Record<string, string> = {}) {
  server = await startTestServer({ env });
  client = newsletterTestClient(server, `${server.dir}/outbox`);
  const events = mailEvents(server.mail.jobs, { softBounceLimit: Number(env.MAIL_SOFT_BOUNCE_LIMIT ?? 7) });
  intake = await startMailIntake({
    port: 0,
    host: '127.0.0.1',
    bounceDomain: 'aroma.example',
    handle: (kind, jobId, reports, raw) => events.received(kind, jobId, reports, raw),
    log: { error: () => {} },
  });
}
afterEach(async () => {
  await intake.close();
  await server.close();
});

const jobTo = (email: string, kind: string) =>
  server.db
    .prepare('SELECT id, message_id AS messageId, state, last_error FROM mail_jobs WHERE recipient = ? AND kind = ?')
    .get(email, kind) as { id: number; messageId: string; state: string; last_error: string | null };
const suppression = (email: string) =>
  server.db.prepare('SELECT site, reason, job_id FROM suppressions WHERE address = ?').get(email);
const bounceOf = (email: string, options: { action?: 'failed' | 'delayed'; status?: string } = {}) => {
  const job = jobTo(email, newsletterMailKind.confirmation);
  return sendToIntake(
    intake.port,
    `bounce+${job.id}@aroma.example`,
    sampleDsn({ to: `bounce+${job.id}@aroma.example`, recipient: email, messageId: job.messageId, ...options }),
  );
};

/** Waits until the mail sender has worked off its queue (the intake acts before it answers); then `check` holds. */
async function until(check: () => boolean) {
  await server.mail.sender.drained();
  if (!check()) throw new Error('not so once the mail sender was done');
}

describe('the SMTP intake', () => {
  test('a DSN for a hard bounce suppresses the address in its shop, and a queued mail to it is then cancelled', async () => {
    await start();
    await client.subscribe({ email: 'gone@example.com', consents: [] }, { site: 'DE' });
    await client.mailTo('gone@example.com');
    expect(await bounceOf('gone@example.com')).toMatch(/^250/);
    const job = jobTo('gone@example.com', newsletterMailKind.confirmation);
    expect(suppression('gone@example.com')).toEqual({ site: 'DE', reason: 'hard_bounce', job_id: job.id });

    const subscriber = server.db.prepare("SELECT id FROM subscribers WHERE email = 'gone@example.com'").get() as {
      id: number;
    };
    const queued = await server.mail.jobs.enqueue({
      kind: newsletterMailKind.confirmation,
      recipient: 'gone@example.com',
      subscriberId: subscriber.id,
      payload: { token: 'x'.repeat(43), site: 'DE' },
    });
    server.mail.jobs.notify();
    const state = () =>
      server.db.prepare('SELECT state, last_error FROM mail_jobs WHERE id = ?').get(queued) as {
        state: string;
        last_error: string;
      };
    await until(() => state().state !== 'queued');
    expect(state()).toEqual({ state: 'cancelled', last_error: 'suppressed: hard_bounce' });
    expect(await client.mails()).toHaveLength(1);
  });

  test('soft bounces suppress once MAIL_SOFT_BOUNCE_LIMIT came in a row (3 here), not before', async () => {
    await start({ MAIL_SOFT_BOUNCE_LIMIT: '3' });
    await client.subscribe({ email: 'full@example.com', consents: [] }, { site: 'DE' });
    await client.mailTo('full@example.com');
    await bounceOf('full@example.com', { status: '4.2.2' });
    await bounceOf('full@example.com', { action: 'delayed', status: '4.4.1' });
    expect(suppression('full@example.com')).toBeUndefined();
    await bounceOf('full@example.com', { status: '4.2.2' });
    expect(suppression('full@example.com')).toMatchObject({ reason: 'soft_bounces' });
  });

  test('an ARF complaint suppresses and unsubscribes, keeping the consent evidence', async () => {
    await start();
    await client.subscribed({ email: 'angry@example.com', consents: ['DNE'] });
    const welcome = jobTo('angry@example.com', newsletterMailKind.welcome);
    await client.mailTo('angry@example.com', 2);
    const to = `bounce+${welcome.id}@aroma.example`;
    expect(await sendToIntake(intake.port, to, sampleComplaint({ to, messageId: welcome.messageId }))).toMatch(/^250/);
    expect(suppression('angry@example.com')).toMatchObject({ reason: 'complaint' });
    const row = server.db
      .prepare("SELECT status, consents, first_name FROM subscribers WHERE email = 'angry@example.com'")
      .get();
    expect(row).toMatchObject({ status: 'UNSUBSCRIBED', consents: '["DNE"]' });
    const last = server.db
      .prepare("SELECT event, channel FROM consent_events WHERE email = 'angry@example.com' ORDER BY id DESC")
      .get();
    expect(last).toEqual({ event: 'WITHDRAWN', channel: 'complaint' });
  });

  test('a mail to unsubscribe+{job}@ ends the subscription without a suppression', async () => {
    await start();
    await client.subscribed({ email: 'leaving@example.com' });
    const welcome = jobTo('leaving@example.com', newsletterMailKind.welcome);
    const to = `unsubscribe+${welcome.id}@aroma.example`;
    await sendToIntake(intake.port, to, `From: leaving@example.com\r\nTo: ${to}\r\nSubject: unsubscribe\r\n\r\n.\r\n`);
    expect(server.db.prepare("SELECT status FROM subscribers WHERE email = 'leaving@example.com'").get()).toEqual({
      status: 'UNSUBSCRIBED',
    });
    expect(suppression('leaving@example.com')).toBeUndefined();
  });

  test('an unsubscribe mail from anybody but the recipient changes nothing', async () => {
    await start();
    await client.subscribed({ email: 'stays@example.com' });
    const welcome = jobTo('stays@example.com', newsletterMailKind.welcome);
    const to = `unsubscribe+${welcome.id}@aroma.example`;
    // Answered once handled: what the mail changes is there now.
    const answer = await sendToIntake(
      intake.port,
      to,
      `From: Mallory <mallory@example.com>\r\nTo: ${to}\r\nSubject: unsubscribe\r\n\r\n.\r\n`,
    );
    expect(answer).toMatch(/^250/);
    expect(server.db.prepare("SELECT status FROM subscribers WHERE email = 'stays@example.com'").get()).toEqual({
      status: 'SUBSCRIBED',
    });
  });

  test('an unsubscribe mail for the confirmation mail cancels the pending sign-up, as its one-click does', async () => {
    await start();
    await client.subscribe({ email: 'never@example.com', consents: [] }, { site: 'DE' });
    const confirmation = jobTo('never@example.com', newsletterMailKind.confirmation);
    const to = `unsubscribe+${confirmation.id}@aroma.example`;
    await sendToIntake(intake.port, to, `From: <Never@example.com>\r\nTo: ${to}\r\nSubject: unsubscribe\r\n\r\n.\r\n`);
    await until(
      () => server.db.prepare("SELECT 1 FROM subscribers WHERE email = 'never@example.com'").get() === undefined,
    );
  });

  test('refuses unknown recipients at RCPT TO (550) and oversized messages (552); a forged DSN changes nothing', async () => {
    await start();
    await expect(sendToIntake(intake.port, 'postmaster@aroma.example', 'Subject: x\r\n\r\nx')).rejects.toMatchObject({
      responseCode: 550,
    });
    await expect(
      sendToIntake(intake.port, 'bounce+1@aroma.example', `Subject: x\r\n\r\n${'x'.repeat(300 * 1024)}`),
    ).rejects.toMatchObject({ responseCode: 552 });
    await client.subscribe({ email: 'victim@example.com', consents: [] }, { site: 'DE' });
    const job = jobTo('victim@example.com', newsletterMailKind.confirmation);
    const to = `bounce+${job.id}@aroma.example`;
    await sendToIntake(intake.port, to, sampleDsn({ to, recipient: 'other@example.com', messageId: '<guess@x>' }));
    expect(suppression('victim@example.com')).toBeUndefined();
  });
});
