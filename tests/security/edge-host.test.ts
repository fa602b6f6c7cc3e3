import { afterEach, describe, expect, test } from 'vitest';
import { expectProblem } from '../../server/expectProblem.ts';
import { SIGN_UP, confirmationLinks, rawRequest, startEdgeServer, storedState } from './edge-helpers.ts';

// Host-header poisoning: links come from SITE_URL only, and unknown hosts are refused.
let server: Awaited<ReturnType<typeof startEdgeServer>> | undefined;
afterEach(() => server?.close());

const signUp = (headers: Record<string, string>) =>
  rawRequest(server!.origin, {
    method: 'POST',
    path: SIGN_UP,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: 'victim@example.com', consents: [] }),
  });

describe('Host header', () => {
  test('the reported probe: Host: evil.example gets 400 and no e-mail goes out', async () => {
    server = await startEdgeServer();
    await expectProblem(await signUp({ host: 'evil.example' }), 400, 'urn:service:host_not_allowed');
    expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
  });

  test('pages are refused for a foreign host too', async () => {
    server = await startEdgeServer();
    await expectProblem(
      await rawRequest(server.origin, { path: '/', headers: { host: 'evil.example' } }),
      400,
      'urn:service:host_not_allowed',
    );
  });

  test.each(['localhost', '127.0.0.1', '[::1]'])(
    'the address the server listens on, as %s with its port, is accepted',
    async (name) => {
      server = await startEdgeServer();
      const port = new URL(server.origin).port;
      expect((await signUp({ host: `${name}:${port}` })).status).toBe(201);
    },
  );

  test('a loopback name on another port is not the server itself', async () => {
    server = await startEdgeServer();
    expect((await signUp({ host: 'localhost:1' })).status).toBe(400);
  });

  test('the link is built on SITE_URL for every accepted host (site host, ALLOWED_HOSTS, own address)', async () => {
    server = await startEdgeServer({ SITE_URL: 'https://shop.example', ALLOWED_HOSTS: 'proxy.internal:8080' });
    for (const [index, host] of ['shop.example', 'proxy.internal:8080', new URL(server.origin).host].entries()) {
      expect((await signUp({ host, referer: 'https://shop.example/pl/' })).status).toBe(201);
      // Delivered before the address is forgotten (which would cancel its mail), so the next sign-up mails again.
      await confirmationLinks(server, index + 1);
      server.db.prepare('DELETE FROM subscribers').run();
    }
    const links = await confirmationLinks(server, 3);
    for (const link of links) expect(link.origin).toBe('https://shop.example');
  });
});
