import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import { afterEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient } from '../newsletter/testClient.ts';
import { mailEvents } from '../newsletter/mailEvents.ts';
import { intakeReports } from '../newsletter/intakeReports.ts';
import { newsletterMailKind } from '../newsletter/mails/newsletterMails.ts';
import { INTAKE_MAX_RECIPIENTS, startMailIntake, type MailIntake } from './intake.ts';
import { rcptReplies, sampleComplaint, sampleDsn, sampleUnsubscribeMail, sendToIntake } from './reportSamples.ts';
import { verpAddress, type VerpKind } from './verp.ts';

// Bounces, complaints and unsubscribe mails through the SMTP intake (docs/newsletter.md#suppression,
// docs/operations.md#bounces-and-complaints): it acts only on what the mail it answers carried, never on a number
// anybody can guess.
let server: TestServer;
let intake: MailIntake;
let client: ReturnType<typeof newsletterTestClient>;
const warnings: string[] = [];

// The DKIM keys of the recipient's mail system (example.com) and of a feedback loop (fbl.example.net), as DNS would
// publish them.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const keyRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const publishedKeys = new Set([
  's1._domainkey.example.com',
  's1._domainkey.fbl.example.net',
  's1._domainkey.evil.example',
]);
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && publishedKeys.has(name.toLowerCase())) return [[keyRecord]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
}
/**
 * The message with a DKIM signature of `domain` prepended, as that domain's mail system sends it. With its time given:
 * without one, mailauth reads the clock twice, once for the `t=` it signs and once for the `t=` it writes, rounded to
 * the second, so about one signature in 150 (more on a loaded machine) came out with a `t=` it did not sign.
 */
async function signedBy(domain: string, raw: string): Promise<string> {
  const signature = { signingDomain: domain, selector: 's1', privateKey: signingKey };
  const { signatures } = await dkimSign(raw, { ...signature, signatureData: [signature], signTime: new Date() });
  return signatures + raw;
}

async function start(env: Record<string, string> = {}) {
  server = await startTestServer({ env });
  client = newsletterTestClient(server, `${server.dir}/outbox`);
  const events = mailEvents(server.mail.jobs, { softBounceLimit: Number(env.MAIL_SOFT_BOUNCE_LIMIT ?? 7) });
  intake = await startMailIntake({
    port: 0,
    host: '127.0.0.1',
    rules: intakeReports(events, {
      verp: server.mail.verp,
      feedbackLoopDomains: ['fbl.example.net'],
      log: { warn: (line: string) => void warnings.push(line) },
    }),
    resolver,
    log: { error: () => {} },
  });
}
afterEach(async () => {
  warnings.length = 0;
  await intake.close();
  await server.close();
});

interface JobRow {
  id: number;
  recipient: string;
  messageId: string;
  state: string;
}
const jobTo = (email: string, kind: string) =>
  server.db
    .prepare('SELECT id, recipient, message_id AS messageId, state FROM mail_jobs WHERE recipient = ? AND kind = ?')
    .get(email, kind) as unknown as JobRow;
/** The job's own tagged address of a kind, as its mail carried it. */
const tagged = (kind: VerpKind, job: JobRow) => server.mail.verp.address(kind, job);
const suppression = (email: string) =>
  server.db.prepare('SELECT site, reason, job_id FROM suppressions WHERE address = ?').get(email);
const status = (email: string) =>
  (server.db.prepare('SELECT status FROM subscribers WHERE email = ?').get(email) as { status: string } | undefined)
    ?.status;
const bounceOf = (email: string, options: { action?: 'failed' | 'delayed'; status?: string } = {}) => {
  const job = jobTo(email, newsletterMailKind.confirmation);
  const to = tagged('bounce', job);
  return sendToIntake(intake.port, to, sampleDsn({ to, recipient: email, messageId: job.messageId, ...options }));
};
/** The reply code a refusal of every recipient carries. */
const refusedWith = (sending: Promise<unknown>) =>
  sending.then(
    () => 'accepted',
    (error: { responseCode?: number }) => error.responseCode,
  );

/** Waits until the mail sender has worked off its queue (the intake acts before it answers); then `check` holds. */
async function until(check: () => boolean) {
  await server.mail.sender.drained();
  if (!check()) throw new Error('not so once the mail sender was done');
}

describe('the SMTP intake, tagged addresses', () => {
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

  test('an ARF complaint to the tagged bounce address suppresses and unsubscribes, keeping the consent evidence', async () => {
    await start();
    await client.subscribed({ email: 'angry@example.com', consents: ['DNE'] });
    const welcome = jobTo('angry@example.com', newsletterMailKind.welcome);
    await client.mailTo('angry@example.com', 2);
    const to = tagged('bounce', welcome);
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

  test('a mail to the tagged unsubscribe address ends the subscription, whatever its From, without a suppression', async () => {
    await start();
    await client.subscribed({ email: 'leaving@example.com' });
    const welcome = jobTo('leaving@example.com', newsletterMailKind.welcome);
    const to = tagged('unsubscribe', welcome);
    // A mail program may send from another address of the same person (an alias, a forwarding): the tag counts.
    await sendToIntake(intake.port, to, sampleUnsubscribeMail({ to, from: 'Alias <l.alias@mail.example>' }));
    expect(status('leaving@example.com')).toBe('UNSUBSCRIBED');
    expect(suppression('leaving@example.com')).toBeUndefined();
  });

  test('a mail to the confirmation mail’s unsubscribe address cancels the pending sign-up, as its one-click does', async () => {
    await start();
    await client.subscribe({ email: 'never@example.com', consents: [] }, { site: 'DE' });
    await client.mailTo('never@example.com');
    const to = tagged('unsubscribe', jobTo('never@example.com', newsletterMailKind.confirmation));
    await sendToIntake(intake.port, to, sampleUnsubscribeMail({ to, from: '<Never@example.com>' }));
    await until(() => status('never@example.com') === undefined);
  });

  test('the mails carry the tagged addresses: List-Unsubscribe’s mailto: and the envelope sender', async () => {
    await start();
    await client.subscribe({ email: 'carried@example.com', consents: [] }, { site: 'DE' });
    const mail = await client.mailTo('carried@example.com');
    const job = jobTo('carried@example.com', newsletterMailKind.confirmation);
    expect(tagged('unsubscribe', job)).toMatch(new RegExp(`^unsubscribe\\+${job.id}-[a-z2-7]{16}@aroma\\.example$`));
    const listUnsubscribe = mail.parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line;
    expect(listUnsubscribe?.replace(/\r?\n[ \t]+/g, ' ')).toContain(`<mailto:${tagged('unsubscribe', job)}>`);
    expect(tagged('bounce', job)).not.toBe(tagged('unsubscribe', job).replace('unsubscribe', 'bounce'));
  });
});

describe('the SMTP intake against a guesser (docs/security.md#promotion-admin-and-operations-under-faults-probes-and-answers)', () => {
  /** The victim's subscription and the attacker's own, one job number apart, as in the probe. */
  async function victimAndAttacker() {
    await start();
    await client.subscribed({ email: 'victim@example.com' });
    await client.subscribed({ email: 'mallory@evil.example' });
    const victim = jobTo('victim@example.com', newsletterMailKind.welcome);
    const own = jobTo('mallory@evil.example', newsletterMailKind.welcome);
    await client.mailTo('mallory@evil.example', 2);
    return { victim, own };
  }
  const untouched = () => {
    expect(status('victim@example.com')).toBe('SUBSCRIBED');
    expect(suppression('victim@example.com')).toBeUndefined();
  };

  test('forged ARF complaints, DSNs and unsubscribe mails for guessed numbers are refused at RCPT TO (550)', async () => {
    const { victim, own } = await victimAndAttacker();
    // The attacker knows their own tagged addresses; every guess around their number, tagged or not, is refused.
    const ownTag = server.mail.verp.read(tagged('bounce', own))!.tag!;
    const guesses: string[] = [];
    for (let id = own.id - 3; id <= own.id + 3; id += 1) {
      if (id < 1 || id === own.id) continue;
      for (const kind of ['bounce', 'unsubscribe'] as const) {
        guesses.push(verpAddress(kind, id, 'aroma.example'));
        guesses.push(verpAddress(kind, id, 'aroma.example', ownTag));
        guesses.push(verpAddress(kind, id, 'aroma.example', 'a'.repeat(16)));
      }
    }
    guesses.push(verpAddress('bounce', 999_999, 'aroma.example', 'a'.repeat(16)), 'postmaster@aroma.example');
    expect(guesses).toContain(verpAddress('bounce', victim.id, 'aroma.example'));
    for (const to of guesses) {
      const complaint = sampleComplaint({ to, messageId: victim.messageId, originalRcptTo: 'victim@example.com' });
      expect([to, await refusedWith(sendToIntake(intake.port, to, complaint))]).toEqual([to, 550]);
      const dsn = sampleDsn({ to, recipient: 'victim@example.com', messageId: victim.messageId });
      expect([to, await refusedWith(sendToIntake(intake.port, to, dsn))]).toEqual([to, 550]);
    }
    const unsubscribe = verpAddress('unsubscribe', victim.id, 'aroma.example');
    const forged = sampleUnsubscribeMail({ to: unsubscribe, from: 'victim@example.com' });
    expect(await refusedWith(sendToIntake(intake.port, unsubscribe, forged))).toBe(550);
    untouched();
  });

  test('a forged complaint to feedback@ is ignored: no tag of the job, a tag of another job, or an untrusted DKIM', async () => {
    const { victim, own } = await victimAndAttacker();
    const to = server.mail.verp.feedbackAddress;
    const forgeries = [
      sampleComplaint({ to, messageId: victim.messageId, originalRcptTo: 'victim@example.com' }),
      // The attacker's own tag beside the victim's Message-ID (had it leaked).
      sampleComplaint({
        to,
        messageId: victim.messageId,
        returned: [
          `Return-Path: <${tagged('bounce', own)}>`,
          `List-Unsubscribe: <mailto:${tagged('unsubscribe', own)}>`,
        ],
      }),
      await signedBy('evil.example', sampleComplaint({ to, messageId: victim.messageId })),
    ];
    for (const forged of forgeries) expect(await sendToIntake(intake.port, to, forged)).toMatch(/^250/);
    untouched();
    expect(warnings).toHaveLength(3);
    expect(warnings.join('\n')).not.toMatch(/victim@|mallory@/);
  });

  test(`more than ${INTAKE_MAX_RECIPIENTS} recipients in one message: 452 for the rest`, async () => {
    await victimAndAttacker();
    for (let index = 0; index < 3; index += 1)
      await client.subscribe({ email: `more${index}@example.com`, consents: [] }, { site: 'DE' });
    const jobs = server.db.prepare('SELECT id, recipient FROM mail_jobs ORDER BY id').all() as unknown as JobRow[];
    const valid = jobs.flatMap((job) => [tagged('bounce', job), tagged('unsubscribe', job)]);
    expect(valid.length).toBeGreaterThan(INTAKE_MAX_RECIPIENTS + 1);
    const replies = await rcptReplies(intake.port, valid.slice(0, INTAKE_MAX_RECIPIENTS + 2));
    expect(replies).toEqual([...Array(INTAKE_MAX_RECIPIENTS).fill(250), 452, 452]);
  });

  test('a message over the size limit is refused (552)', async () => {
    const { own } = await victimAndAttacker();
    await expect(
      sendToIntake(intake.port, tagged('bounce', own), `Subject: x\r\n\r\n${'x'.repeat(300 * 1024)}`),
    ).rejects.toMatchObject({ responseCode: 552 });
  });
});

describe('the feedback loops’ address', () => {
  test('an ARF report returning our Message-ID and the job’s tag, or DKIM-signed by a listed loop, counts', async () => {
    await start();
    await client.subscribed({ email: 'tagged@example.com' });
    await client.subscribed({ email: 'looped@example.com' });
    const to = server.mail.verp.feedbackAddress;
    const first = jobTo('tagged@example.com', newsletterMailKind.welcome);
    const withTag = sampleComplaint({
      to,
      messageId: first.messageId,
      returned: [`List-Unsubscribe: <https://shop.example/x>, <mailto:${tagged('unsubscribe', first)}>`],
    });
    expect(await sendToIntake(intake.port, to, withTag)).toMatch(/^250/);
    expect(suppression('tagged@example.com')).toMatchObject({ reason: 'complaint' });

    const second = jobTo('looped@example.com', newsletterMailKind.welcome);
    const fromLoop = await signedBy('fbl.example.net', sampleComplaint({ to, messageId: second.messageId }));
    expect(await sendToIntake(intake.port, to, fromLoop)).toMatch(/^250/);
    expect(suppression('looped@example.com')).toMatchObject({ reason: 'complaint' });
    expect(status('looped@example.com')).toBe('UNSUBSCRIBED');
  });
});

describe('mails sent before tags (untagged addresses)', () => {
  /** A welcome mail as the services sent it before tags: handed over with untagged addresses. */
  async function sentUntagged(email: string) {
    await start();
    await client.subscribed({ email });
    await client.mailTo(email, 2);
    await until(() => jobTo(email, newsletterMailKind.welcome).state === 'sent');
    const job = jobTo(email, newsletterMailKind.welcome);
    server.db.prepare('UPDATE mail_jobs SET verp_tagged = 0 WHERE id = ?').run(job.id);
    return { job, bounce: verpAddress('bounce', job.id, 'aroma.example') };
  }

  test('a DSN counts only when it names the recipient and is DKIM-signed by the recipient’s domain', async () => {
    const { job, bounce } = await sentUntagged('old@example.com');
    const dsn = (recipient: string) => sampleDsn({ to: bounce, recipient, messageId: job.messageId });
    expect(await sendToIntake(intake.port, bounce, dsn('old@example.com'))).toMatch(/^250/);
    expect(await sendToIntake(intake.port, bounce, await signedBy('evil.example', dsn('old@example.com')))).toMatch(
      /^250/,
    );
    expect(await sendToIntake(intake.port, bounce, await signedBy('example.com', dsn('other@example.com')))).toMatch(
      /^250/,
    );
    expect(suppression('old@example.com')).toBeUndefined();
    await sendToIntake(intake.port, bounce, await signedBy('example.com', dsn('old@example.com')));
    expect(suppression('old@example.com')).toMatchObject({ reason: 'hard_bounce' });
  });

  test('an unsubscribe mail counts only from the recipient, DKIM-signed by the recipient’s domain', async () => {
    const { job } = await sentUntagged('older@example.com');
    const to = verpAddress('unsubscribe', job.id, 'aroma.example');
    await sendToIntake(intake.port, to, sampleUnsubscribeMail({ to, from: 'older@example.com' }));
    await sendToIntake(
      intake.port,
      to,
      await signedBy('example.com', sampleUnsubscribeMail({ to, from: 'x@example.com' })),
    );
    expect(status('older@example.com')).toBe('SUBSCRIBED');
    await sendToIntake(
      intake.port,
      to,
      await signedBy('example.com', sampleUnsubscribeMail({ to, from: 'Older <older@example.com>' })),
    );
    expect(status('older@example.com')).toBe('UNSUBSCRIBED');
  });

  test('the untagged address of a mail sent with tags is refused (550)', async () => {
    await start();
    await client.subscribed({ email: 'new@example.com' });
    await client.mailTo('new@example.com', 2);
    const job = jobTo('new@example.com', newsletterMailKind.welcome);
    const to = verpAddress('bounce', job.id, 'aroma.example');
    const dsn = await signedBy(
      'example.com',
      sampleDsn({ to, recipient: 'new@example.com', messageId: job.messageId }),
    );
    expect(await refusedWith(sendToIntake(intake.port, to, dsn))).toBe(550);
  });
});
