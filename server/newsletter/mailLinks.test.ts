import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterTestClient } from './testClient.ts';

// Where the mails the services send link to (docs/newsletter.md#the-mails): this site's pages on SITE_URL, and the
// retailer's pages (the voucher conditions, the imprint page the sender line names) on RETAILER_ORIGIN when that is
// set, never on a stand-in (docs/operations.md#the-retailers-site).

let server: TestServer | undefined;
let outbox: string;
afterEach(async () => {
  await server?.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

/** The links of the AT welcome mail (its sender line names the imprint page) of a fresh subscriber, text and HTML. */
async function welcomeMailLinks(env: Record<string, string>): Promise<string[]> {
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-links-'));
  server = await startTestServer({
    env: { OUTBOX_DIR: outbox, SITE_URL: 'https://shop.example', ALLOWED_HOSTS: 'shop.example', ...env },
  });
  const client = newsletterTestClient(server, outbox);
  await client.subscribed({ email: 'eva@example.com', firstName: 'Eva', lastName: 'Muster' }, 'AT');
  const welcome = await client.mailTo('eva@example.com', 2);
  const inHtml = [...welcome.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  const inText = welcome.text.match(/https:\/\/\S+/g) ?? [];
  return [...new Set([...inHtml, ...inText])].sort();
}

test("with RETAILER_ORIGIN the welcome mail links the retailer's pages there, this site's here", async () => {
  const links = await welcomeMailLinks({ RETAILER_ORIGIN: 'https://www.aroma.example' });
  expect(links).toEqual([
    'https://shop.example/at/',
    expect.stringMatching(/^https:\/\/shop\.example\/at\/newsletter\/preferences\/\?token=[\w-]+$/),
    'https://www.aroma.example/at/c/subscribenewsletter-allgemeine-gutscheinbedingungen',
    'https://www.aroma.example/at/impressum',
  ]);
});

test('without it they lead to this site, where the stand-ins answer for a local run', async () => {
  const links = await welcomeMailLinks({});
  expect(links.filter((link) => !link.startsWith('https://shop.example/at/'))).toEqual([]);
  expect(links).toContain('https://shop.example/at/impressum');
});
