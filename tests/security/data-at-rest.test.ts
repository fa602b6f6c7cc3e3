import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db.ts';
import { fileTransport } from '../../server/mail/transport.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../../server/newsletter/testClient.ts';
import { startTestServer, type TestServer } from '../../server/testing.ts';

// What the services keep on disk (docs/security.md#data-at-rest): owner-only files, and erased names really gone.
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'data-at-rest-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('owner-only files', () => {
  test('a new database, its WAL and shared memory are 0600, its new folder 0700', () => {
    const file = path.join(tempDir(), 'new', 'db.sqlite');
    const db = openDatabase(file);
    db.prepare('INSERT INTO settings (name, value) VALUES (?, ?)').run('x', 'y');
    expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    db.close();
  });

  test('an existing database readable by others is narrowed to 0600 when opened', () => {
    const file = path.join(tempDir(), 'db.sqlite');
    openDatabase(file).close();
    for (const part of ['', '-wal', '-shm']) if (fs.existsSync(`${file}${part}`)) fs.chmodSync(`${file}${part}`, 0o644);
    const db = openDatabase(file);
    db.prepare('INSERT INTO settings (name, value) VALUES (?, ?)').run('x', 'y');
    expect([file, `${file}-wal`].map(modeOf)).toEqual([0o600, 0o600]);
    db.close();
  });

  test('the outbox folder is 0700 and every mail in it 0600, also a folder that existed wider', async () => {
    const outbox = path.join(tempDir(), 'outbox');
    fs.mkdirSync(outbox, { mode: 0o755 });
    fs.chmodSync(outbox, 0o755);
    const transport = fileTransport(outbox);
    const message = {
      from: 'a@aroma.example',
      replyTo: 'a@aroma.example',
      to: 'b@example.com',
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      messageId: '<20261125T000000000Z.abcd@aroma.example>',
      headers: {},
      date: new Date(),
    };
    await transport.send(message, { id: 1, messageId: message.messageId });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect([modeOf(outbox), modeOf(path.join(outbox, files[0]!))]).toEqual([0o700, 0o600]);
  });
});

describe('erased names are gone from the files', () => {
  let server: TestServer;
  afterEach(() => server?.close());

  test('after an unsubscribe neither the database file nor its WAL holds the first name', async () => {
    server = await startTestServer({ mail: true });
    const client = newsletterTestClient(server, `${server.dir}/outbox`);
    const name = 'Zebulonia';
    const token = await client.subscribed(
      { email: 'erase@example.com', salutation: 'MRS', firstName: name, lastName: 'Quist', consents: [] },
      'AT',
    );
    // The names are stored, and updated once more, so the WAL holds several copies of the row.
    expect(
      (
        await client.json('PUT', `${SUBSCRIBERS}/${token}`, {
          salutation: 'MRS',
          firstName: name,
          lastName: 'Quist',
          consents: ['DNE'],
        })
      ).status,
    ).toBe(200);
    const file = path.join(server.dir, 'test.sqlite');
    const onDisk = () =>
      [file, `${file}-wal`].filter((part) => fs.existsSync(part)).map((part) => fs.readFileSync(part).includes(name));
    expect(onDisk()).toContain(true);
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${token}`, {})).status).toBe(204);
    expect(onDisk()).not.toContain(true);
  });
});
