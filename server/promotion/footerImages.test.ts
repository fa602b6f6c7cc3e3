import { afterEach, beforeEach, expect, test } from 'vitest';
import { footerImageSources } from '../../src/shared/footer/logoSources.ts';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

test('every logo source has an 80 x 80 image under /service/footer-images/logos/', async () => {
  for (const file of Object.values(footerImageSources)) {
    const response = await fetch(`${server.origin}/service/footer-images/logos/${file}.svg`);
    expect(response.status, file).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toMatch(/^<svg [^>]*width="80" height="80"/);
  }
});

test('unknown logos are 404, not a guess', async () => {
  expect((await fetch(`${server.origin}/service/footer-images/logos/nope.svg`)).status).toBe(404);
});
