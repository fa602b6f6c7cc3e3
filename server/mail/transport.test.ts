import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseMail } from './outboxReader.ts';
import { fileTransport, outboxFileName, type OutgoingMessage } from './transport.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const message: OutgoingMessage = {
  from: 'Aroma Newsletter <newsletter@aroma.example>',
  replyTo: 'Aroma Kundenservice <service@aroma.example>',
  to: 'zoë.kovács@example.com',
  subject: 'Bitte bestätigen Sie Ihre Anmeldung – jetzt',
  text: 'Grüße\nhttps://shop.example/de/newsletter/confirm/?token=abc_DEF-123',
  html: '<p>Grüße</p>',
  messageId: '<20261124T101500123Z.0123456789abcdef@aroma.example>',
  date: new Date('2026-11-24T10:15:00Z'),
  headers: { 'Content-Language': 'de-DE' },
};
const target = { id: 42, messageId: message.messageId };

describe('the file outbox', () => {
  test('writes one .eml file per job, named to sort by queueing time, that a mail client reads back', async () => {
    const outbox = path.join(dir, 'outbox'); // created when missing
    expect(await fileTransport(outbox).send(message, target)).toBe('delivered');
    expect(fs.readdirSync(outbox)).toEqual(['20261124T101500123Z-00000042-0123456789abcdef.eml']);
    const mail = await parseMail(fs.readFileSync(path.join(outbox, outboxFileName(target))));
    expect(mail).toMatchObject({
      to: 'zoë.kovács@example.com',
      subject: message.subject,
      text: message.text,
      html: '<p>Grüße</p>',
    });
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
  });

  test('is idempotent per job: a second hand-over of the same job writes nothing', async () => {
    const transport = fileTransport(dir);
    await transport.send(message, target);
    const first = fs.readFileSync(path.join(dir, outboxFileName(target)));
    expect(await transport.send({ ...message, date: new Date() }, target)).toBe('delivered before');
    expect(fs.readdirSync(dir)).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, outboxFileName(target)))).toEqual(first);
  });

  test('a folder that cannot be written fails the hand-over (to be retried) and leaves nothing behind', async () => {
    const blocked = path.join(dir, 'outbox');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    await expect(fileTransport(blocked).send(message, target)).rejects.toMatchObject({
      code: expect.stringMatching(/EEXIST|ENOTDIR/),
    });
    fs.rmSync(blocked);
    expect(await fileTransport(blocked).send(message, target)).toBe('delivered');
  });
});
