import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  SIGN_UP,
  answerOf,
  postForm,
  settledState,
  startEdgeServer,
  storedState,
  stubRendererDir,
} from './edge-helpers.ts';
import { linkIn, readOutbox } from '../../server/mail/outboxReader.ts';
import { translationsFor } from '../../src/shared/i18n.ts';

// The confirmation and preferences pages' plain forms (docs/newsletter.md#plain-form) probed as an attacker would, over
// real HTTP. The stub renderer (stubRendererDir) answers each page as the JSON of its path and what it shows, so the
// statuses are those of the real pages; the last tests run without a renderer.
let server: Awaited<ReturnType<typeof startEdgeServer>>;
let rendererDir: string | undefined;

async function start(renderer = true) {
  rendererDir = renderer ? stubRendererDir() : undefined;
  server = await startEdgeServer({
    PREVIEW_RENDERER_DIR: rendererDir ?? path.join(os.tmpdir(), 'storefront-no-renderer'),
  });
}
afterEach(async () => {
  await server.close();
  if (rendererDir) fs.rmSync(rendererDir, { recursive: true, force: true });
});

const CROSS_SITE: Record<string, string>[] = [
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
];
const UNKNOWN = 'u'.repeat(43);
const confirmPath = (token: string, segment = 'de') => `/${segment}/newsletter/confirm/?token=${token}`;
const preferencesPath = (token: string, segment = 'de') => `/${segment}/newsletter/preferences/?token=${token}`;
const post = async (
  pathname: string,
  fields: Record<string, string | string[]> = {},
  headers: Record<string, string> = {},
) => answerOf(await postForm(server.origin, pathname, fields, headers));
const get = async (pathname: string) => answerOf(await fetch(server.origin + pathname, { redirect: 'manual' }));
const row = (email: string) =>
  server.db.prepare('SELECT * FROM subscribers WHERE email = ?').get(email) as Record<string, unknown>;
const mailKinds = (email: string) =>
  server.db
    .prepare('SELECT kind FROM mail_jobs WHERE recipient = ? ORDER BY id')
    .all(email)
    .map((job) => (job as { kind: string }).kind);
const json = async (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) =>
  answerOf(
    await fetch(server.origin + pathname, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

/** Signs up through the JSON call and answers the confirmation link's token, once its mail is out. */
async function pending(email: string, body: Record<string, unknown> = {}, site = 'DE'): Promise<string> {
  expect((await json('POST', SIGN_UP, { email, consents: [], ...body }, { site })).status).toBe(201);
  await expect.poll(async () => (await readOutbox(server.outbox, { to: email })).length, { timeout: 5000 }).toBe(1);
  return linkIn((await readOutbox(server.outbox, { to: email }))[0]!, '/newsletter/confirm/').searchParams.get(
    'token',
  )!;
}

/** Signs up and confirms through the JSON calls; answers the preferences token. */
async function subscribed(email: string, body: Record<string, unknown> = {}, site = 'DE'): Promise<string> {
  const confirmed = await json('PUT', `${SIGN_UP}/${await pending(email, body, site)}/doi`, {});
  return (JSON.parse(confirmed.body) as { preferencesToken: string }).preferencesToken;
}

describe('the confirmation form', () => {
  test('a bare GET or HEAD of the link confirms nothing; a POST confirms once, with one welcome mail', async () => {
    await start();
    const token = await pending('doi@example.com');
    for (const method of ['GET', 'HEAD'])
      await answerOf(await fetch(server.origin + confirmPath(token), { method, redirect: 'manual' }));
    expect(row('doi@example.com').status).toBe('WAITING_FOR_DOI');
    const confirmed = await post(confirmPath(token));
    expect(confirmed.status).toBe(200);
    expect(JSON.parse(confirmed.body)).toMatchObject({
      path: confirmPath(token),
      confirmAnswer: { outcome: 'confirmed', preferencesToken: expect.any(String) },
    });
    expect(row('doi@example.com').status).toBe('SUBSCRIBED');
    const again = await post(confirmPath(token));
    expect([again.status, JSON.parse(again.body).confirmAnswer]).toEqual([404, { outcome: 'invalid' }]);
    // Queued in the transactions that answered: exact now; in the outbox once the sender is done.
    expect(mailKinds('doi@example.com')).toEqual(['newsletter.confirmation', 'newsletter.welcome']);
    await server.mail.sender.drained();
    expect(await readOutbox(server.outbox, { to: 'doi@example.com' })).toHaveLength(2);
  });

  test('a cross-site or non-form POST confirms nothing (403, 415); nor do an unknown, expired or preferences token (404)', async () => {
    await start();
    const token = await pending('victim@example.com');
    const preferencesToken = await subscribed('other@example.com');
    const before = await settledState(server);
    for (const headers of CROSS_SITE) expect((await post(confirmPath(token), {}, headers)).status).toBe(403);
    expect((await post(confirmPath(token), {}, { 'content-type': 'text/plain' })).status).toBe(415);
    for (const other of [UNKNOWN, preferencesToken, '', `${token}x`])
      expect((await post(confirmPath(other))).status).toBe(404);
    expect(storedState(server)).toEqual(before);
    server.db
      .prepare('UPDATE subscribers SET doi_token_expires_at = ? WHERE email = ?')
      .run(new Date(Date.now() - 1000).toISOString(), 'victim@example.com');
    const expired = await post(confirmPath(token));
    expect([expired.status, JSON.parse(expired.body).confirmAnswer]).toEqual([404, { outcome: 'invalid' }]);
    expect([row('victim@example.com').status, mailKinds('victim@example.com')]).toEqual([
      'WAITING_FOR_DOI',
      ['newsletter.confirmation'],
    ]);
  });
});

describe('the preferences forms', () => {
  test('an unknown, pending or ended token opens nothing and changes nothing: GET shows the invalid link, POST 404', async () => {
    await start();
    const doiToken = await pending('pending@example.com');
    const ended = await subscribed('ended@example.com');
    expect((await json('DELETE', `${SIGN_UP}/${ended}`)).status).toBe(204);
    const before = await settledState(server);
    for (const token of [UNKNOWN, doiToken, ended]) {
      const page = await get(preferencesPath(token));
      // An invalid link is a page that says so (200), as the static page does (subscriberForms.ts).
      expect([page.status, JSON.parse(page.body).preferencesAnswer]).toEqual([200, { outcome: 'invalid' }]);
      for (const intent of ['save', 'unsubscribe']) {
        const answer = await post(preferencesPath(token), { intent, consents: 'DNE' });
        expect([intent, answer.status, JSON.parse(answer.body).preferencesAnswer]).toEqual([
          intent,
          404,
          { outcome: 'invalid' },
        ]);
      }
    }
    expect(storedState(server)).toEqual(before);
  });

  test('HU: a save with invalid or tampered names is refused (400) and changes nothing; a valid one is saved (303)', async () => {
    await start();
    const token = await subscribed(
      'eva@example.com',
      { salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács' },
      'HU',
    );
    const before = await settledState(server);
    const invalid = await post(preferencesPath(token, 'hu'), {
      intent: 'save',
      salutation: 'MRS',
      firstName: '',
      lastName: 'www.spam',
    });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).preferencesAnswer.errors).toEqual({
      firstName: 'newsletter.error.firstNameRequired',
      lastName: 'newsletter.error.invalidCharacters',
    });
    const tamperedFields: Record<string, string | string[]>[] = [
      { salutation: 'KING' },
      { firstName: ['Éva', 'Anna'] },
      { consents: 'EVERYTHING' },
    ];
    for (const tampered of tamperedFields) {
      const answer = await post(preferencesPath(token, 'hu'), {
        intent: 'save',
        salutation: 'MRS',
        firstName: 'Éva',
        lastName: 'Kovács',
        ...tampered,
      });
      expect([answer.status, JSON.parse(answer.body).preferencesAnswer.notice]).toEqual([400, 'saveFailed']);
    }
    expect(storedState(server)).toEqual(before);
    const saved = await post(preferencesPath(token, 'hu'), {
      intent: 'save',
      salutation: 'MR',
      firstName: 'Ádám',
      lastName: 'Kovács',
      consents: 'DNE',
    });
    expect([saved.status, saved.headers.location]).toEqual([303, `${preferencesPath(token, 'hu')}&saved=1`]);
    expect(row('eva@example.com')).toMatchObject({ salutation: 'MR', first_name: 'Ádám', consents: '["DNE"]' });
  });

  test('unsubscribe ends the subscription as DELETE does: names erased, token dead, withdrawal logged', async () => {
    await start();
    const token = await subscribed(
      'leave@example.com',
      { salutation: 'MRS', firstName: 'Éva', lastName: 'Kovács', consents: ['DNE'] },
      'HU',
    );
    const answer = await post(preferencesPath(token, 'hu'), { intent: 'unsubscribe' });
    expect([answer.status, JSON.parse(answer.body).preferencesAnswer]).toEqual([
      200,
      { outcome: 'unsubscribed', email: 'leave@example.com' },
    ]);
    expect(row('leave@example.com')).toMatchObject({
      status: 'UNSUBSCRIBED',
      salutation: null,
      first_name: null,
      last_name: null,
      preferences_token_hash: null,
      consents: '["DNE"]',
      site: 'HU',
      unsubscribed_at: expect.any(String),
    });
    const events = server.db
      .prepare('SELECT event, channel FROM consent_events WHERE email = ? ORDER BY id')
      .all('leave@example.com');
    expect(events.at(-1)).toEqual({ event: 'WITHDRAWN', channel: 'preferences' });
    expect((await json('GET', `${SIGN_UP}/${token}`)).status).toBe(404);
    expect((await post(preferencesPath(token, 'hu'), { intent: 'unsubscribe' })).status).toBe(404);
  });

  test('a cross-site or non-form POST to the preferences gets 403 or 415 and changes nothing', async () => {
    await start();
    const token = await subscribed('victim@example.com', { consents: ['DNE'] });
    const before = await settledState(server);
    for (const headers of CROSS_SITE) {
      for (const intent of ['save', 'unsubscribe'])
        expect((await post(preferencesPath(token), { intent, consents: [] }, headers)).status).toBe(403);
    }
    expect(
      (
        await post(
          preferencesPath(token),
          { intent: 'unsubscribe' },
          { 'content-type': 'multipart/form-data; boundary=x' },
        )
      ).status,
    ).toBe(415);
    expect(storedState(server)).toEqual(before);
  });
});

describe('without a renderer', () => {
  test('the preferences GET falls through to the static page (404 here, no dist), whatever the token', async () => {
    await start(false);
    const token = await subscribed('static@example.com');
    for (const link of [preferencesPath(UNKNOWN), preferencesPath(token)]) expect((await get(link)).status).toBe(404);
  });

  // Without a renderer the answers keep their status and say what happened, as the sign-up form's do.
  test('a confirmation that took effect is not answered as a failure', async () => {
    await start(false);
    const token = await pending('norender@example.com');
    const answer = await post(confirmPath(token));
    expect(row('norender@example.com').status).toBe('SUBSCRIBED');
    expect(answer.body).not.toBe(translationsFor('de-DE')('newsletter.error.generic'));
    expect(answer.status).toBe(200);
  });

  test('an unknown token keeps its 404', async () => {
    await start(false);
    expect((await post(confirmPath(UNKNOWN))).status).toBe(404);
  });
});
