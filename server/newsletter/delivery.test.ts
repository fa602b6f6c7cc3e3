import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, test } from 'vitest';
import { childEnvironment } from '../../src/shared/config.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { startLocalSmtpServer, type ArrivedMail, type LocalSmtpServer } from '../mail/localSmtpServer.ts';
import { linkIn } from '../mail/outboxReader.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';
import { shopByCode } from '../../src/shared/countries.ts';

const hu = shopByCode('HU')!;

// The subscriber's mail end to end, against the real server and a real SMTP server (smtp-server), read with
// mailparser (docs/newsletter.md#mail-delivery, #the-mails, #welcome-voucher).

const root = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function smtpServer(): Promise<LocalSmtpServer> {
  const smtp = await startLocalSmtpServer();
  cleanups.push(() => smtp.close());
  return smtp;
}
async function server(env: Record<string, string>): Promise<TestServer> {
  const started = await startTestServer({ env });
  cleanups.push(() => started.close());
  return started;
}
const eventually = (check: () => boolean | Promise<boolean>, timeout = 8000) =>
  expect.poll(check, { timeout, interval: 20 }).toBe(true);
const to = (smtp: LocalSmtpServer, email: string) => smtp.received.filter((mail) => mail.to === email);
const header = (mail: ArrivedMail, name: string) => mail.headers.get(name);
/** A header as written, unfolded. */
const headerLine = (mail: ArrivedMail, name: string) =>
  mail.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');

describe('through a real SMTP server', () => {
  test('sign-up -> confirmation; confirm -> welcome with the code; one-click -> unsubscribed; again -> no second code', async () => {
    const smtp = await smtpServer();
    const app = await server({ SMTP_URL: smtp.url, SITE_URL: 'https://shop.example', ALLOWED_HOSTS: 'shop.example' });
    const client = newsletterTestClient(app, '');
    const email = 'eva.kovacs@example.com';

    // Sign-up in the HU shop: the confirmation mail, multipart, in Hungarian, with a working link.
    expect(
      (
        await client.subscribe(
          { email, salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács', consents: ['DNE'] },
          { site: 'HU' },
        )
      ).status,
    ).toBe(201);
    await eventually(() => to(smtp, email).length === 1);
    const [confirmation] = to(smtp, email);
    expect(confirmation!.subject).toBe('Kérjük, erősítse meg hírlevél-feliratkozását');
    expect(header(confirmation!, 'content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(confirmation!.html).toContain('lang="hu-HU"');
    // Names typed by whoever signed the address up reach its owner only after the confirmation.
    expect(confirmation!.text).toContain('Kedves Olvasónk!');
    expect(confirmation!.text).not.toContain('Kovács');
    const link = linkIn(confirmation!, '/newsletter/confirm/');
    expect(link.origin + link.pathname).toBe('https://shop.example/hu/newsletter/confirm/');
    expect(confirmation!.html).toContain(link.href.replace(/&/g, '&amp;'));
    const confirmed = await client.json('PUT', `${SUBSCRIBERS}/${link.searchParams.get('token')}/doi`, {});
    expect(confirmed.status).toBe(200);

    // The welcome mail: the code stored for the address and shop, its end date, the preferences link and one-click.
    await eventually(() => to(smtp, email).length === 2);
    const welcome = to(smtp, email)[1]!;
    const voucher = app.db.prepare('SELECT code, shop, percent, valid_until FROM vouchers').get() as {
      code: string;
      valid_until: string;
    };
    expect(voucher).toMatchObject({
      code: expect.stringMatching(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){2}$/),
      shop: 'HU',
      percent: hu.welcomeVoucher.percent,
    });
    expect(welcome.subject).toBe(
      `Üdvözöljük az Aroma hírlevelében – itt a kuponja: ${hu.welcomeVoucher.percent}% kedvezmény`,
    );
    expect(welcome.text).toContain(voucher.code);
    expect(welcome.html).toContain(voucher.code);
    expect(welcome.text).toContain('Utolsó felhasználási nap:');
    expect(welcome.text).toContain('Kedves Kovács Éva!');
    const { preferencesToken } = (await confirmed.json()) as { preferencesToken: string };
    expect(welcome.text).toContain(`https://shop.example/hu/newsletter/preferences/?token=${preferencesToken}`);
    expect(welcome.text).toContain('https://shop.example/hu/c/subscribenewsletter-kuponfeltetelek');
    const oneClick = `https://shop.example/service/newsletter/api/internal/newsletter-subscribers/${preferencesToken}/unsubscribe`;
    expect(headerLine(welcome, 'list-unsubscribe')).toMatch(`List-Unsubscribe: <${oneClick}>, <mailto:unsubscribe+`);
    expect(headerLine(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The confirmation mail's one-click cancels the pending sign-up (server/newsletter/listHeaders.test.ts).
    expect(headerLine(confirmation!, 'list-unsubscribe')).toContain('/doi/cancel>');
    // The tokens live in the jobs only until the mails are out.
    await eventually(
      () =>
        (
          app.db.prepare(`SELECT COUNT(*) AS n FROM mail_jobs WHERE state = 'sent' AND payload IS NULL`).get() as {
            n: number;
          }
        ).n === 2,
    );

    // One click in the mailbox: the provider posts to the header's URL from its own servers.
    const unsubscribed = await fetch(app.origin + new URL(oneClick).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(204);
    expect(app.db.prepare('SELECT status, first_name FROM subscribers').get()).toEqual({
      status: 'UNSUBSCRIBED',
      first_name: null,
    });

    // Signing up again (after the 10 minutes) and confirming: a welcome mail with the same code, no second voucher.
    app.db
      .prepare('UPDATE subscribers SET confirmation_sent_at = ?')
      .run(new Date(Date.now() - 11 * 60_000).toISOString());
    await client.subscribe(
      { email, salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács', consents: [] },
      { site: 'HU' },
    );
    await eventually(() => to(smtp, email).length === 3);
    const again = linkIn(to(smtp, email)[2]!, '/newsletter/confirm/').searchParams.get('token');
    expect((await client.json('PUT', `${SUBSCRIBERS}/${again}/doi`, {})).status).toBe(200);
    await eventually(() => to(smtp, email).length === 4);
    expect(to(smtp, email)[3]!.text).toContain(voucher.code);
    expect(to(smtp, email)[3]!.text).toContain('Üdvözlő kuponját már elküldtük');
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM vouchers').get()).toEqual({ n: 1 });
  });

  test('the SMTP server refuses (421) for a while, then accepts: every mail arrives, each once', async () => {
    const smtp = await smtpServer();
    smtp.refuse(421);
    const app = await server({ SMTP_URL: smtp.url });
    const client = newsletterTestClient(app, '');
    const emails = Array.from({ length: 6 }, (_, index) => `refused-${index}@example.com`);
    for (const email of emails)
      expect((await client.subscribe({ email, consents: [] }, { site: 'DE' })).status).toBe(201);
    // A second sign-up while the first mail is still on its way adds no second mail.
    await client.subscribe({ email: emails[0], consents: [] }, { site: 'DE' });
    await eventually(() => smtp.refusals() >= 12); // every job refused at least twice
    expect(smtp.received).toEqual([]);
    expect(
      app.db.prepare(`SELECT COUNT(*) AS n FROM subscribers WHERE confirmation_sent_at IS NOT NULL`).get(),
    ).toEqual({ n: 0 });

    smtp.refuse(null);
    // Every job out (none queued, none due later): nothing else can come.
    await app.mail.sender.drained();
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual([...emails].sort());
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(6);
    const jobs = app.db.prepare('SELECT state, attempts FROM mail_jobs').all() as { state: string; attempts: number }[];
    expect(jobs.every((job) => job.state === 'sent' && job.attempts >= 3)).toBe(true);
    expect(
      app.db.prepare(`SELECT COUNT(*) AS n FROM subscribers WHERE confirmation_sent_at IS NOT NULL`).get(),
    ).toEqual({ n: 6 });
  }, 40_000);
});

describe('the file outbox', () => {
  test('unwritable, then repaired: the mail arrives, and the sign-up did not count as mailed meanwhile', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-blocked-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const outbox = path.join(dir, 'outbox');
    // A file where the folder should be: nothing can be written there, whoever runs the test (also root).
    fs.writeFileSync(outbox, '');
    const app = await server({ OUTBOX_DIR: outbox });
    const client = newsletterTestClient(app, outbox);
    expect((await client.subscribe({ email: 'blocked@example.com', consents: [] }, { site: 'PL' })).status).toBe(201);
    await eventually(
      () => (app.db.prepare('SELECT attempts FROM mail_jobs').get() as { attempts: number }).attempts >= 2,
    );
    // The fault this replaces: the sign-up was marked as mailed although nothing was written, and a retry got nothing.
    expect(app.db.prepare('SELECT confirmation_sent_at FROM subscribers').get()).toEqual({
      confirmation_sent_at: null,
    });
    expect((await client.subscribe({ email: 'blocked@example.com', consents: [] }, { site: 'PL' })).status).toBe(201);

    fs.rmSync(outbox);
    const mail = await client.mailTo('blocked@example.com');
    expect(mail.subject).toBe('Potwierdź zapis do newslettera');
    await app.mail.sender.drained();
    expect(await client.mails()).toHaveLength(1);
    expect(
      (
        await client.json(
          'PUT',
          `${SUBSCRIBERS}/${linkIn(mail, '/newsletter/confirm/').searchParams.get('token')}/doi`,
          {},
        )
      ).status,
    ).toBe(200);
  });
});

describe('a crash of the services (kill -9)', () => {
  /** The services as `npm run serve` runs them, in a child process of their own. */
  async function services(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
    const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
      cwd: root,
      env: childEnvironment({ PORT: '0', HOST: '127.0.0.1', PUBLISHER: 'off', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Services and site on (http:\/\/\S+?)\/ /.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the services exited (${code}): ${output}`)));
    });
    return { child, origin };
  }

  test('queued mails are sent after the restart, none twice', async () => {
    const smtp = await smtpServer();
    smtp.refuse(421);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-crash-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const env = {
      SMTP_URL: smtp.url,
      DB_PATH: path.join(dir, 'db.sqlite'),
      DIST_DIR: path.join(dir, 'dist'),
      RELEASES_DIR: path.join(dir, 'releases'),
      OUTBOX_DIR: path.join(dir, 'outbox'),
      MAIL_RETRY_MS: '100',
      MAIL_RETRY_MAX_MS: '300',
    };
    const first = await services(env);
    const emails = Array.from({ length: 5 }, (_, index) => `crash-${index}@example.com`);
    for (const email of emails) {
      const response = await fetch(`${first.origin}/service/newsletter/api/internal/newsletter-subscribers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', site: 'CZ' },
        body: JSON.stringify({ email, consents: [] }),
      });
      expect(response.status).toBe(201);
    }
    await eventually(() => smtp.refusals() >= 10);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const db = new DatabaseSync(env.DB_PATH, { readOnly: true });
    cleanups.push(() => db.close());
    const states = db
      .prepare(`SELECT state FROM mail_jobs`)
      .all()
      .map((row) => row.state);
    expect(states).toHaveLength(5);
    expect(states.every((state) => state === 'queued' || state === 'sending')).toBe(true);

    smtp.refuse(null);
    const second = await services(env);
    // Every job sent: a mail is recorded sent after the SMTP server took it, so nothing else can come.
    const jobStates = db.prepare(`SELECT state FROM mail_jobs`);
    await eventually(() => jobStates.all().every((row) => row.state === 'sent'));
    expect(smtp.received.map((mail) => mail.to).sort()).toEqual(emails);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(5);
    expect(
      smtp.received.every((mail) => mail.subject === translationsFor('cs-CZ')('newsletter.email.confirm.subject')),
    ).toBe(true);

    // A clean stop (SIGTERM) stops the sender and leaves nothing in between.
    second.child.kill('SIGTERM');
    expect(await new Promise((resolve) => second.child.once('exit', resolve))).toBe(0);
    expect(db.prepare(`SELECT state, COUNT(*) AS n FROM mail_jobs GROUP BY state`).all()).toEqual([
      { state: 'sent', n: 5 },
    ]);
    // Two starts of the services and a crash: more than the default 20 s on a busy shared machine.
  }, 60_000);
});
