import fs from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import { answerOf, postForm, startEdgeServer, stubRendererDir } from './edge-helpers.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../../server/newsletter/testClient.ts';

// The preferences page's export and erasure forms (docs/newsletter.md#subscriber-rights) without JavaScript, over real
// HTTP. The stub renderer answers each page as the JSON of its path and what it shows.
let server: Awaited<ReturnType<typeof startEdgeServer>>;
let rendererDir: string;
afterEach(async () => {
  await server.close();
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

const preferencesPath = (token: string) => `/at/newsletter/preferences/?token=${token}`;
const post = async (pathname: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  answerOf(await postForm(server.origin, pathname, fields, headers));
const shown = (answer: { body: string }) =>
  (JSON.parse(answer.body) as { preferencesAnswer: unknown }).preferencesAnswer;

describe('the data forms of the preferences page', () => {
  test('download answers the export as an attachment; erase asks, "back" shows the settings, confirming erases', async () => {
    rendererDir = stubRendererDir();
    server = await startEdgeServer({ PREVIEW_RENDERER_DIR: rendererDir });
    const client = newsletterTestClient(server, server.outbox);
    const email = 'formular@example.com';
    const token = await client.subscribed({ email, firstName: 'Ferdinand', lastName: 'Ohnejs' }, 'AT');

    const download = await post(preferencesPath(token), { intent: 'export' });
    expect([download.status, download.headers['content-disposition'], download.headers['cache-control']]).toEqual([
      200,
      'attachment; filename="newsletter-data.json"',
      'private, no-store',
    ]);
    expect(JSON.parse(download.body)).toMatchObject({ version: 1, address: email, subscription: { shop: 'AT' } });

    const asked = await post(preferencesPath(token), { intent: 'erase' });
    expect([asked.status, shown(asked)]).toEqual([
      200,
      expect.objectContaining({ outcome: 'ready', step: 'confirmErase', email }),
    ]);
    const back = await post(preferencesPath(token), { intent: 'keepData' });
    expect([back.status, shown(back)]).toEqual([200, expect.not.objectContaining({ step: 'confirmErase' })]);
    expect((await client.json('GET', `${SUBSCRIBERS}/${token}`)).status).toBe(200);

    const crossSite = await post(
      preferencesPath(token),
      { intent: 'eraseConfirmed' },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
    const erased = await post(preferencesPath(token), { intent: 'eraseConfirmed' });
    expect([erased.status, shown(erased)]).toEqual([200, { outcome: 'erased' }]);
    expect(server.db.prepare(`SELECT COUNT(*) AS n FROM subscribers WHERE email LIKE '%formular%'`).get()).toEqual({
      n: 0,
    });
    for (const intent of ['export', 'erase', 'eraseConfirmed', 'keepData']) {
      const gone = await post(preferencesPath(token), { intent });
      expect([intent, gone.status, shown(gone)]).toEqual([intent, 404, { outcome: 'invalid' }]);
    }
  });
});
