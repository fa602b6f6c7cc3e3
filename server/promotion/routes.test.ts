import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { seedPromotions } from './seed.ts';
import { abTestCalendarWrites } from '../abtests/calendarWrites.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { footerContentFixture } from '../../src/shared/fixtures/footerContentFixture.ts';

const url = '/service/promotion/api/promotion/SHOP_FOOTER';
let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('GET /service/promotion/api/promotion/SHOP_FOOTER', () => {
  test("answers the shop's content as a JSON string, chosen by the site header", async () => {
    const seedDir = path.join(server.dir, 'seed');
    fs.mkdirSync(seedDir);
    const content = footerContentFixture({ headline: 'Szolgáltatások' });
    fs.writeFileSync(path.join(seedDir, 'hu.json'), JSON.stringify(content));
    expect(await seedPromotions(server.versions, [{ dir: seedDir, validFrom: '2026-01-01T00:00:00Z' }])).toBe(1);

    const response = await fetch(server.origin + url, { headers: { site: 'HU' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { contentJSON: string };
    expect(JSON.parse(body.contentJSON)).toEqual(content);
    // The version answered, so a build can record which version its pages show.
    expect(response.headers.get('etag')).toMatch(/^(W\/)?"1"$/);
    await server.versions.store({
      site: 'HU',
      name: 'SHOP_FOOTER',
      contentJSON: '{"headline":"új"}',
      validFrom: new Date(),
      storedBy: 'test',
    });
    expect((await fetch(server.origin + url, { headers: { site: 'HU' } })).headers.get('etag')).toMatch(/^(W\/)?"2"$/);
  });

  test('an A/B variant’s build gets its group’s version, only while the test runs (docs/calls.md#promotion)', async () => {
    const stored = (contentJSON: string, abTarget?: { test: string; group: string }) =>
      server.versions.store({
        site: 'HU',
        name: 'SHOP_FOOTER',
        contentJSON,
        validFrom: new Date(0),
        storedBy: 'test',
        ...(abTarget ? { abTarget } : {}),
      });
    await stored('{"headline":"default"}');
    // The seed's calendar runs FOOTER_TEASER_ORDER (groups A and B) until 2028.
    await stored('{"headline":"group B"}', { test: 'FOOTER_TEASER_ORDER', group: 'B' });
    const headline = async (query: string) => {
      const answer = await fetch(`${server.origin}${url}${query}`, { headers: { site: 'HU' } });
      return JSON.parse(((await answer.json()) as { contentJSON: string }).contentJSON).headline;
    };
    expect(await headline('?abTest=FOOTER_TEASER_ORDER&abGroup=B')).toBe('group B');
    expect(await headline('')).toBe('default');
    expect(await headline('?abTest=FOOTER_TEASER_ORDER&abGroup=A')).toBe('default');
    expect(await headline('?abTest=NO_SUCH_TEST&abGroup=B')).toBe('default');
    expect(await headline('?abTest=FOOTER_TEASER_ORDER&abGroup=%3Cb%3E')).toBe('default');
    // Once the test has ended, its group's content is nobody's.
    await abTestCalendarWrites(server.shared).end('FOOTER_TEASER_ORDER');
    expect(await headline('?abTest=FOOTER_TEASER_ORDER&abGroup=B')).toBe('default');
  });

  test('answers 404 for a shop without content', async () => {
    const response = await fetch(`${server.origin}${url}?site=PL`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  test('refuses an unknown site with 400', async () => {
    const response = await fetch(`${server.origin}${url}?site=XX`);
    expect(response.status).toBe(400);
  });

  test('seeding keeps content that is already there', async () => {
    const edited = {
      site: 'DE',
      name: 'SHOP_FOOTER',
      contentJSON: '{"headline":"edited"}',
      validFrom: new Date(0),
      storedBy: 'test',
    };
    await server.versions.store(edited);
    const seedDir = path.join(server.dir, 'seed');
    fs.mkdirSync(seedDir);
    fs.writeFileSync(path.join(seedDir, 'de.json'), JSON.stringify({ headline: 'seed' }));
    expect(await seedPromotions(server.versions, [{ dir: seedDir, validFrom: '2026-01-01T00:00:00Z' }])).toBe(0);
    const body = (await (await fetch(`${server.origin}${url}?site=DE`)).json()) as { contentJSON: string };
    expect(JSON.parse(body.contentJSON)).toEqual({ headline: 'edited' });
  });
});
