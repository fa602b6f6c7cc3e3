import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { authenticate } from 'mailauth';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { readConfig } from '../../src/shared/config.ts';
import { fileTransport, outboxFileName, smtpTransport, type OutgoingMessage } from './transport.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dkim-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
/** The TXT record an operator publishes (docs/operations.md#sending-domain-dkim-spf-dmarc). */
const dkimRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** A DNS that knows only the DKIM record of `mail2026._domainkey.aroma.example`. */
async function resolver(name: string, type: string): Promise<string[][]> {
  if (type === 'TXT' && name.toLowerCase() === 'mail2026._domainkey.aroma.example') return [[dkimRecord]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
}

/** The verifier's verdict on each signature: `pass`, or what failed (`neutral: body hash did not verify`, …). */
async function dkimStatus(raw: Buffer): Promise<string[]> {
  const { dkim } = await authenticate(raw, {
    resolver,
    ip: '127.0.0.1',
    helo: 'localhost',
    sender: 'newsletter@aroma.example',
    disableArc: true,
    disableDmarc: true,
    disableBimi: true,
  });
  return dkim.results.map(({ status }: { status: { result: string; comment?: string } }) =>
    status.result === 'pass' ? 'pass' : `${status.result}: ${status.comment ?? ''}`,
  );
}

const message: OutgoingMessage = {
  from: 'Aroma Newsletter <newsletter@aroma.example>',
  replyTo: 'Aroma Kundenservice <service@aroma.example>',
  to: 'zoë.kovács@example.com',
  subject: 'Bitte bestätigen Sie Ihre Anmeldung',
  text: 'Grüße aus dem Aroma-Laden\nhttps://shop.example/de/newsletter/confirm/?token=abc',
  html: '<p>Grüße aus dem Aroma-Laden</p>',
  messageId: '<20261124T101500123Z.0123456789abcdef@aroma.example>',
  date: new Date('2026-11-24T10:15:00Z'),
  headers: { 'Content-Language': 'de-DE', 'List-Id': 'Aroma Newsletter DE <newsletter.de.aroma.example>' },
};
const target = { id: 7, messageId: message.messageId };

describe('DKIM (docs/operations.md#sending-domain-dkim-spf-dmarc)', () => {
  test('every mail is signed with the configured key: an independent verifier passes it, never a changed body or header', async () => {
    const { dkim } = readConfig({
      MAIL_DKIM_DOMAIN: 'aroma.example',
      MAIL_DKIM_SELECTOR: 'mail2026',
      MAIL_DKIM_PRIVATE_KEY: privatePem.replace(/\n/g, '\\n'), // one line, as env files hold it
    }).mail;
    await fileTransport(dir, { dkim }).send(message, target);
    const raw = fs.readFileSync(path.join(dir, outboxFileName(target)), 'latin1');
    expect(raw).toMatch(
      /^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=aroma\.example;\s+q=dns\/txt; s=mail2026;/m,
    );
    expect(await dkimStatus(Buffer.from(raw, 'latin1'))).toEqual(['pass']);

    const changed = raw.replace('Gr=C3=BC=C3=9Fe aus dem Aroma', 'Gr=C3=BC=C3=9Fe aus dem Arome');
    expect(changed).not.toBe(raw);
    // mailauth reports a body that no longer matches the signed body hash as `neutral`, with this comment.
    expect(await dkimStatus(Buffer.from(changed, 'latin1'))).toEqual(['neutral: body hash did not verify']);
    // A changed signed header breaks the signature itself: `fail`.
    const otherSubject = raw.replace('Subject: =?UTF-8?Q?Bitte', 'Subject: =?UTF-8?Q?Bette');
    expect(otherSubject).not.toBe(raw);
    expect(await dkimStatus(Buffer.from(otherSubject, 'latin1'))).toEqual([expect.stringMatching(/^fail/)]);
  });

  test('SMTP sends the same signed bytes: the message as the server received it passes', async () => {
    const received: Buffer[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const { dkim } = readConfig({
      MAIL_DKIM_DOMAIN: 'aroma.example',
      MAIL_DKIM_SELECTOR: 'mail2026',
      MAIL_DKIM_PRIVATE_KEY: privatePem,
    }).mail;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, { dkim });
    try {
      expect(await transport.send(message, target)).toBe('delivered');
    } finally {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(received).toHaveLength(1);
    expect(await dkimStatus(received[0]!)).toEqual(['pass']);
  });

  test('a key file is read at start', async () => {
    const file = path.join(dir, 'dkim.pem');
    fs.writeFileSync(file, privatePem);
    const { dkim } = readConfig(
      { MAIL_DKIM_DOMAIN: 'aroma.example', MAIL_DKIM_SELECTOR: 'mail2026', MAIL_DKIM_PRIVATE_KEY_FILE: 'dkim.pem' },
      dir,
    ).mail;
    await fileTransport(path.join(dir, 'outbox'), { dkim }).send(message, target);
    expect(await dkimStatus(fs.readFileSync(path.join(dir, 'outbox', outboxFileName(target))))).toEqual(['pass']);
  });

  test('without the settings nothing is signed', async () => {
    expect(readConfig({}).mail.dkim).toBeUndefined();
    await fileTransport(dir, { dkim: readConfig({}).mail.dkim }).send(message, target);
    expect(fs.readFileSync(path.join(dir, outboxFileName(target)), 'latin1')).not.toMatch(/DKIM-Signature/i);
  });

  test('all three or none; a key that does not parse stops the start, naming the setting, never echoing the key', () => {
    expect(() => readConfig({ MAIL_DKIM_DOMAIN: 'aroma.example' })).toThrow(
      /MAIL_DKIM_SELECTOR must be set.*MAIL_DKIM_PRIVATE_KEY or MAIL_DKIM_PRIVATE_KEY_FILE must be set/,
    );
    const broken = privatePem.replace(/[A-Za-z]{20}/, 'x');
    const start = () =>
      readConfig({ MAIL_DKIM_DOMAIN: 'aroma.example', MAIL_DKIM_SELECTOR: 'mail2026', MAIL_DKIM_PRIVATE_KEY: broken });
    expect(start).toThrow(/MAIL_DKIM_PRIVATE_KEY must be an RSA private key in PEM form \(got "…"\)/);
    expect(start).not.toThrow(/BEGIN|PRIVATE KEY-/);
    expect(() =>
      readConfig({
        MAIL_DKIM_DOMAIN: 'aroma.example',
        MAIL_DKIM_SELECTOR: 'mail2026',
        MAIL_DKIM_PRIVATE_KEY_FILE: '/nowhere.pem',
      }),
    ).toThrow(/MAIL_DKIM_PRIVATE_KEY_FILE cannot be read \(ENOENT\)/);
  });
});
