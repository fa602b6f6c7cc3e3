import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { DOI_TOKEN_LIFETIME_MS, hashDoiToken } from './doiToken.ts';
import { expirySweeper, purgeExpiredSignUps } from './expirySweep.ts';
import { subscriberStatements as statements } from './subscriberStore.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';

// The confirmation mail and the TR legal notice promise that an unconfirmed sign-up is deleted once its link expires
// (docs/newsletter.md#double-opt-in): on a quiet shop too, where nobody else signs up.
const MINUTE_MS = 60 * 1000;
const quiet = { log: () => {}, error: () => {} };

let server: TestServer;
let outbox: string;
beforeEach(async () => {
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'expiry-outbox-'));
  server = await startTestServer({ env: { OUTBOX_DIR: outbox } });
});
afterEach(async () => {
  await server.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

const rowOf = (email: string) =>
  server.db.prepare('SELECT status, first_name, last_name FROM subscribers WHERE email = ?').get(email);
const traces = (email: string) =>
  server.db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM subscribers WHERE email = :email) + (SELECT COUNT(*) FROM consent_events WHERE email = :email) + (SELECT COUNT(*) FROM mail_jobs WHERE recipient = :email) AS n`,
    )
    .get({ email }) as { n: number };

describe('expirySweeper', () => {
  test('deletes a sign-up left unconfirmed once its link expired, without any new sign-up; keeps the others', async () => {
    const client = newsletterTestClient(server, outbox);
    const signedUpAt = Date.now();
    await client.subscribed({ email: 'bestaetigt@example.com' }, 'AT');
    const pending = await client.subscribe(
      { email: 'vergessen@example.com', firstName: 'Zoë', lastName: 'Vergessenname', consents: [] },
      { site: 'AT' },
    );
    expect(pending.status).toBe(201);
    const token = await client.confirmationToken('vergessen@example.com');
    expect((await client.json('GET', `${SUBSCRIBERS}/${token}`)).status).toBe(200);

    let clock = new Date(signedUpAt + DOI_TOKEN_LIFETIME_MS - MINUTE_MS);
    const sweeper = expirySweeper(server.mail.jobs.database, { now: () => clock, log: quiet });
    sweeper.start();
    // Still within its lifetime: it stays, link and all.
    expect(rowOf('vergessen@example.com')).toEqual({
      status: 'WAITING_FOR_DOI',
      first_name: 'Zoë',
      last_name: 'Vergessenname',
    });

    clock = new Date(Date.now() + DOI_TOKEN_LIFETIME_MS + MINUTE_MS);
    await sweeper.runOnce();
    await sweeper.stop();

    expect(rowOf('vergessen@example.com')).toBeUndefined();
    expect(traces('vergessen@example.com')).toEqual({ n: 0 });
    // Erased from the disk too: neither the database file nor its WAL keeps a copy of the names.
    for (const file of ['test.sqlite', 'test.sqlite-wal'].map((name) => path.join(server.dir, name)))
      if (fs.existsSync(file)) expect(fs.readFileSync(file).includes('Vergessenname')).toBe(false);
    const answer = await client.json('GET', `${SUBSCRIBERS}/${token}`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ type: 'urn:newsletter:token_unknown' });
    expect(rowOf('bestaetigt@example.com')).toMatchObject({ status: 'SUBSCRIBED' });
  });

  test('sweeps at start and again on its interval, by the injected clock', async () => {
    const { database } = server.mail.jobs;
    const at = new Date('2026-11-25T12:00:00.000Z');
    await database.run((db) =>
      statements.signUp(db, {
        email: 'spaet@example.com',
        salutation: null,
        firstName: 'Ayşe',
        lastName: null,
        consents: '[]',
        legals: '["NEWSLETTER"]',
        origin: 'onsite',
        originAddition: 'subsite',
        site: 'TR',
        consentTextVersion: 'v2',
        tokenHash: hashDoiToken('doi-token'),
        expiresAt: new Date(at.getTime() + DOI_TOKEN_LIFETIME_MS).toISOString(),
        now: at.toISOString(),
      }),
    );
    vi.useFakeTimers();
    try {
      let clock = new Date(at.getTime() + DOI_TOKEN_LIFETIME_MS - 1);
      const sweeper = expirySweeper(database, { intervalMs: 1000, now: () => clock, log: quiet });
      sweeper.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(rowOf('spaet@example.com')).toMatchObject({ status: 'WAITING_FOR_DOI' });
      clock = new Date(at.getTime() + DOI_TOKEN_LIFETIME_MS + 1);
      await vi.advanceTimersByTimeAsync(1000);
      expect(rowOf('spaet@example.com')).toBeUndefined();
      await sweeper.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  test('reverts a returning address that never confirmed its new sign-up to unsubscribed, without its data', async () => {
    const client = newsletterTestClient(server, outbox);
    const preferences = await client.subscribed({ email: 'zurueck@example.com', firstName: 'Erika' }, 'AT');
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${preferences}`)).status).toBe(204);
    server.db.prepare(`UPDATE subscribers SET confirmation_sent_at = NULL`).run();
    const again = await client.subscribe(
      { email: 'zurueck@example.com', firstName: 'Erika', consents: [] },
      { site: 'AT' },
    );
    expect(again.status).toBe(201);
    expect(rowOf('zurueck@example.com')).toMatchObject({ status: 'WAITING_FOR_DOI', first_name: 'Erika' });

    expect(
      await purgeExpiredSignUps(server.mail.jobs.database, new Date(Date.now() + DOI_TOKEN_LIFETIME_MS + MINUTE_MS)),
    ).toBe(1);
    expect(rowOf('zurueck@example.com')).toEqual({ status: 'UNSUBSCRIBED', first_name: null, last_name: null });
  });
});
