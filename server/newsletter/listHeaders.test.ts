import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ReceivedMail } from '../mail/outboxReader.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { NEWSLETTER_BASE, newsletterTestClient, SUBSCRIBERS } from './testClient.ts';

// The list headers of the newsletter mails (docs/newsletter.md#the-mails) and the confirmation mail's one-click,
// which cancels the pending sign-up (docs/calls.md#one-click-cancel-of-a-sign-up).
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;

beforeEach(async () => {
  server = await startTestServer({
    env: {
      SITE_URL: 'https://shop.example',
      ALLOWED_HOSTS: 'shop.example',
      MAIL_BOUNCE_DOMAIN: 'bounces.aroma.example',
    },
  });
  client = newsletterTestClient(server, `${server.dir}/outbox`);
});
afterEach(() => server.close());

/** A header as written, unfolded. */
const headerLine = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
const jobIdOf = (mail: ReceivedMail) =>
  (server.db.prepare('SELECT id FROM mail_jobs WHERE message_id = ?').get(mail.parsed.messageId!) as { id: number }).id;
/** The mail's own tagged unsubscribe address: `unsubscribe+{job}-{tag}@bounces.aroma.example` (server/mail/verp.ts). */
const unsubscribeAddressOf = (mail: ReceivedMail, recipient: string) => {
  const address = server.mail.verp.address('unsubscribe', { id: jobIdOf(mail), recipient });
  expect(address).toMatch(new RegExp(`^unsubscribe\\+${jobIdOf(mail)}-[a-z2-7]{16}@bounces\\.aroma\\.example$`));
  return address;
};
const row = (email: string) => server.db.prepare('SELECT status FROM subscribers WHERE email = ?').get(email);
/** The POST a mailbox provider makes to a `List-Unsubscribe` URL, from its own servers. */
const providerPost = (url: string) =>
  fetch(server.origin + new URL(url).pathname, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://mail.provider.example',
      'sec-fetch-site': 'cross-site',
    },
    body: 'List-Unsubscribe=One-Click',
  });
const cancelUrl = (token: string) => `https://shop.example${SUBSCRIBERS}/${token}/doi/cancel`;

describe('the list headers', () => {
  test('the confirmation and the welcome mail carry List-Id, one-click and mailto List-Unsubscribe, over https', async () => {
    const email = 'lena@example.com';
    expect((await client.subscribe({ email, consents: [] }, { site: 'AT' })).status).toBe(201);
    const confirmation = await client.mailTo(email);
    const token = await client.confirmationToken(email);
    expect(headerLine(confirmation, 'list-id')).toBe('List-ID: Aroma Newsletter AT <newsletter.at.aroma.example>');
    expect(headerLine(confirmation, 'list-unsubscribe')).toBe(
      `List-Unsubscribe: <${cancelUrl(token)}>, <mailto:${unsubscribeAddressOf(confirmation, email)}>`,
    );
    expect(headerLine(confirmation, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const confirmed = await client.json('PUT', `${SUBSCRIBERS}/${token}/doi`, {});
    const { preferencesToken } = (await confirmed.json()) as { preferencesToken: string };
    const welcome = await client.mailTo(email, 2);
    expect(jobIdOf(welcome)).not.toBe(jobIdOf(confirmation));
    expect(headerLine(welcome, 'list-id')).toBe('List-ID: Aroma Newsletter AT <newsletter.at.aroma.example>');
    expect(headerLine(welcome, 'list-unsubscribe')).toBe(
      `List-Unsubscribe: <https://shop.example${NEWSLETTER_BASE}/newsletter-subscribers/${preferencesToken}/unsubscribe>, <mailto:${unsubscribeAddressOf(welcome, email)}>`,
    );
    expect(headerLine(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  test('one list per shop', async () => {
    await client.subscribe({ email: 'cz@example.com', consents: [] }, { site: 'CZ' });
    await client.subscribe({ email: 'de@example.com', consents: [] }, { site: 'DE' });
    expect(headerLine(await client.mailTo('cz@example.com'), 'list-id')).toBe(
      'List-ID: Aroma Newsletter CZ <newsletter.cz.aroma.example>',
    );
    expect(headerLine(await client.mailTo('de@example.com'), 'list-id')).toBe(
      'List-ID: Aroma Newsletter DE <newsletter.de.aroma.example>',
    );
  });
});

describe("the confirmation mail's one-click", () => {
  test('cancels the pending sign-up: gone, and the confirmation link then answers like an unknown one', async () => {
    const email = 'changed.mind@example.com';
    await client.subscribe({ email, firstName: 'Mia', consents: [] }, { site: 'DE' });
    const url = headerLine(await client.mailTo(email), 'list-unsubscribe')!.match(/<(https:[^>]+)>/)![1]!;
    const token = await client.confirmationToken(email);
    const response = await providerPost(url);
    expect([response.status, await response.text()]).toEqual([204, '']);
    expect(row(email)).toBeUndefined();
    expect(server.db.prepare('SELECT COUNT(*) AS n FROM consent_events WHERE email = ?').get(email)).toEqual({ n: 0 });
    const unknown = await client.json('PUT', `${SUBSCRIBERS}/${'n'.repeat(43)}/doi`, {});
    const link = await client.json('PUT', `${SUBSCRIBERS}/${token}/doi`, {});
    expect([link.status, await link.text()]).toEqual([unknown.status, await unknown.text()]);
    expect(link.status).toBe(404);
  });

  test('answers the same for a token nobody has, and never touches a confirmed subscription', async () => {
    const unknown = await providerPost(cancelUrl('n'.repeat(43)));
    expect([unknown.status, await unknown.text()]).toEqual([204, '']);

    const email = 'stays@example.com';
    await client.subscribe({ email, consents: [] }, { site: 'DE' });
    const token = await client.confirmationToken(email);
    expect((await client.json('PUT', `${SUBSCRIBERS}/${token}/doi`, {})).status).toBe(200);
    const late = await providerPost(cancelUrl(token));
    expect([late.status, await late.text()]).toEqual([204, '']);
    expect(row(email)).toEqual({ status: 'SUBSCRIBED' });
  });

  test('a returning address goes back to unsubscribed, without the cancelled sign-up in its log', async () => {
    const email = 'back@example.com';
    const preferences = await client.subscribed({ email });
    expect((await client.json('DELETE', `${SUBSCRIBERS}/${preferences}`, {})).status).toBe(204);
    server.db.prepare('UPDATE subscribers SET confirmation_sent_at = NULL').run();
    await client.subscribe({ email, firstName: 'Ben', consents: [] }, { site: 'DE' });
    const token = await client.confirmationToken(email, 3);
    expect((await providerPost(cancelUrl(token))).status).toBe(204);
    expect(server.db.prepare('SELECT status, first_name FROM subscribers WHERE email = ?').get(email)).toEqual({
      status: 'UNSUBSCRIBED',
      first_name: null,
    });
    const log = server.db.prepare('SELECT event FROM consent_events WHERE email = ? ORDER BY id').all(email);
    expect(log.map((entry) => (entry as { event: string }).event)).toEqual(['SIGNED_UP', 'CONFIRMED', 'WITHDRAWN']);
  });

  test('the form is checked like the other one-click call', async () => {
    const response = await fetch(server.origin + new URL(cancelUrl('n'.repeat(43))).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://mail.provider.example' },
      body: '{}',
    });
    expect(response.status).toBe(415);
  });
});
