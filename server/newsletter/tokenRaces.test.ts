import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openDatabase } from '../db.ts';
import { mailJobs } from '../mail/mailJobs.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterMailKind } from './mails/newsletterMails.ts';
import { subscriberStatements } from './subscriberStore.ts';
import { confirmSubscription } from './subscription.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';
import { sharedDatabaseOf } from '../database/sharedDatabase.ts';

// A write made for a token re-checks, inside its own statement, that the token still opens the row in the state it
// was read in (docs/newsletter.md#one-token-one-write). Each race is played out on purpose: a request body held
// back while another request changes the subscription, and a second database connection (another instance).
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;

beforeEach(async () => {
  server = await startTestServer();
  client = newsletterTestClient(server, `${server.dir}/outbox`);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const row = (email: string) =>
  server.db.prepare('SELECT * FROM subscribers WHERE email = ?').get(email) as Record<string, unknown>;
const events = (email: string) =>
  (
    server.db.prepare('SELECT event FROM consent_events WHERE email = ? ORDER BY id').all(email) as { event: string }[]
  ).map((entry) => entry.event);
/** Resolves once a route has read the subscriber that `token` opens (as the row it will write over). */
function subscriberRead(token: string): Promise<void> {
  const read = subscriberStatements.byToken;
  return new Promise((resolve) => {
    vi.spyOn(subscriberStatements, 'byToken').mockImplementation(function* (db, kind, asked) {
      const row = yield* read(db, kind, asked);
      if (asked === token) resolve();
      return row;
    });
  });
}

/**
 * Starts a request whose body is sent in two parts: the first at once, the rest only when `finish()` is called.
 * `read` resolves once the route has read the subscriber (it reads the token before the body).
 */
function heldBackRequest(method: string, pathname: string, contentType: string, body: string, token: string) {
  const read = subscriberRead(token);
  const encoder = new TextEncoder();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const cut = Math.floor(body.length / 2);
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(body.slice(0, cut)));
      await released;
      controller.enqueue(encoder.encode(body.slice(cut)));
      controller.close();
    },
  });
  const response = fetch(server.origin + pathname, {
    method,
    headers: { 'content-type': contentType, 'content-length': String(Buffer.byteLength(body)) },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return {
    response,
    read,
    finish: async () => {
      release();
      return response;
    },
  };
}

describe('a slow body cannot undo what happened meanwhile', () => {
  test('a PUT whose body arrives after a one-click unsubscribe answers 404 and brings no erased name back', async () => {
    const token = await client.subscribed({
      email: 'slow@example.com',
      salutation: 'MRS',
      firstName: 'Zebulonia',
      lastName: 'Quist',
      consents: [],
    });
    const put = heldBackRequest(
      'PUT',
      `${SUBSCRIBERS}/${token}`,
      'application/json',
      JSON.stringify({ salutation: 'MRS', firstName: 'Zebulonia', lastName: 'Quist', consents: ['DNE'] }),
      token,
    );
    await put.read;
    const oneClick = await fetch(`${server.origin}${SUBSCRIBERS}/${token}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(204);
    const answer = await put.finish();
    expect([answer.status, ((await answer.json()) as { type: string }).type]).toEqual([
      404,
      'urn:newsletter:token_unknown',
    ]);
    expect(row('slow@example.com')).toMatchObject({
      status: 'UNSUBSCRIBED',
      first_name: null,
      last_name: null,
      salutation: null,
      consents: '[]',
    });
    expect(events('slow@example.com')).toEqual(['SIGNED_UP', 'CONFIRMED', 'WITHDRAWN']);
  });

  test('a one-click POST for a withdrawn token does not end the subscription made after it', async () => {
    const email = 'again@example.com';
    const first = await client.subscribed({ email });
    const oneClick = heldBackRequest(
      'POST',
      `${SUBSCRIBERS}/${first}/unsubscribe`,
      'application/x-www-form-urlencoded',
      'List-Unsubscribe=One-Click',
      first,
    );
    await oneClick.read;
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${first}`)).status).toBe(204);
    // The 10-minute interval between confirmation mails (docs/newsletter.md) would hold the second mail back.
    server.db.prepare('UPDATE subscribers SET confirmation_sent_at = NULL WHERE email = ?').run(email);
    expect((await client.subscribe({ email, consents: [] }, { site: 'DE' })).status).toBe(201);
    const second = await client.confirmationToken(email, 3);
    expect((await client.json('PUT', `${SUBSCRIBERS}/${second}/doi`, {})).status).toBe(200);
    const answer = await oneClick.finish();
    expect(answer.status).toBe(404);
    expect(row(email)).toMatchObject({ status: 'SUBSCRIBED' });
    expect(events(email)).toEqual(['SIGNED_UP', 'CONFIRMED', 'WITHDRAWN', 'SIGNED_UP', 'CONFIRMED']);
  });
});

describe('two instances on one database', () => {
  test('a confirmation link read by both and confirmed by both confirms once: one event, one welcome mail, one voucher', async () => {
    const email = 'twice@example.com';
    expect((await client.subscribe({ email, consents: [] }, { site: 'DE' })).status).toBe(201);
    const token = await client.confirmationToken(email);
    // The other instance: its own connection to the same file, which reads the sign-up before this one confirms.
    const other = openDatabase(path.join(server.dir, 'test.sqlite'));
    try {
      const database = sharedDatabaseOf(other);
      const otherStores = { database, jobs: mailJobs(database, 'example.com') };
      const readByOther = (await database.run((db) => subscriberStatements.byToken(db, 'doi', token)))!;
      expect((await client.json('PUT', `${SUBSCRIBERS}/${token}/doi`, {})).status).toBe(200);
      expect(await confirmSubscription(otherStores, readByOther)).toBeUndefined();
    } finally {
      other.close();
    }
    expect(events(email)).toEqual(['SIGNED_UP', 'CONFIRMED']);
    const count = (sql: string, ...more: string[]) =>
      (server.db.prepare(sql).get(row(email).id as number, ...more) as { n: number }).n;
    expect(
      count(`SELECT count(*) AS n FROM mail_jobs WHERE subscriber_id = ? AND kind = ?`, newsletterMailKind.welcome),
    ).toBe(1);
    expect(count('SELECT count(*) AS n FROM vouchers WHERE subscriber_id = ?')).toBe(1);
  });
});
