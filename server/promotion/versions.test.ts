import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { expectProblem } from '../expectProblem.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { christmasSeedSet, footerSeedSets, seedPromotions, seedValidFrom } from './seed.ts';
import type { PromotionVersion } from './versionStore.ts';

// The promotion service's publishing side over real HTTP: what operators store is what the build then gets.
const TOKEN = 'test-admin-token-0123456789abcdef';
const URL_PATH = '/service/promotion/api/promotion/SHOP_FOOTER';
const seedFooter = (segment: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../seed/footer/${segment}.json`), 'utf8')) as {
    headline: string;
    teaserGroups: { links: { link: string }[] }[];
    legalLinks: { url: string; text: string }[];
  };

let server: TestServer;
let seededAt: Date;
beforeEach(async () => {
  server = await startTestServer({ env: { PROMOTION_ADMIN_TOKEN: TOKEN } });
  seededAt = new Date();
  await seedPromotions(server.versions, footerSeedSets, seededAt);
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

/** A PUT as a CMS backend sends it: JSON, bearer token, no Origin and no Sec-Fetch-Site. */
function publish(site: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.origin + URL_PATH, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, site, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
async function served(site: string): Promise<{ headline: string }> {
  const response = await fetch(server.origin + URL_PATH, { headers: { site } });
  expect(response.status).toBe(200);
  return JSON.parse(((await response.json()) as { contentJSON: string }).contentJSON) as { headline: string };
}
async function listed(site: string) {
  const response = await fetch(`${server.origin}${URL_PATH}/versions`, {
    headers: { site, authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      versions: { version: number; validFrom: string; abTest?: unknown; storedBy: string; live: boolean }[];
    }
  ).versions;
}
const withHeadline = (segment: string, headline: string) => ({ ...seedFooter(segment), headline });

describe('publishing a version', () => {
  test('an immediate version is stored, served at once and listed as live; the CMS needs no Origin header', async () => {
    const stored: PromotionVersion[] = [];
    server.versions.onStored((version) => stored.push(version));
    const response = await publish(
      'HU',
      { contentJSON: JSON.stringify(withHeadline('hu', 'Új szolgáltatások')) },
      { 'x-operator': 'Kovács Anna' },
    );
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { version: number; validFrom: string };
    expect(answer.version).toBe(2); // after the seeded base version
    expect(Math.abs(Date.parse(answer.validFrom) - Date.now())).toBeLessThan(5000);

    expect((await served('HU')).headline).toBe('Új szolgáltatások');
    const [newest, base] = await listed('HU');
    expect(newest).toMatchObject({ version: 2, validFrom: answer.validFrom, storedBy: 'Kovács Anna', live: true });
    expect(base).toMatchObject({ version: 1, storedBy: 'seed', live: false });
    expect(stored.map((version) => [version.site, version.version])).toEqual([['HU', 2]]);
  });

  test('a fact stated otherwise than the country table is stored with a warning naming its path; a placeholder needs none', async () => {
    const content = seedFooter('sk') as unknown as { teaserGroups: { introductoryText: string }[] };
    content.teaserGroups[1]!.introductoryText = 'Doprava zadarmo od 45\u00a0€.';
    const response = await publish('SK', { contentJSON: JSON.stringify(content) });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { warnings?: { path: string; message: string }[] }).warnings).toEqual([
      {
        path: '$.teaserGroups[1].introductoryText',
        message: expect.stringContaining('says 45\u00a0€; the country table says free shipping from 40\u00a0€'),
      },
      {
        path: '$.teaserGroups[1]',
        message: expect.stringContaining('does not state the free shipping from 40\u00a0€'),
      },
    ]);
    const placeholders = await publish('SK', { contentJSON: JSON.stringify(seedFooter('sk')) });
    expect(placeholders.status).toBe(201);
    expect(await placeholders.json()).not.toHaveProperty('warnings');
  });

  test('a placeholder the shop has no value for is refused like invalid content', async () => {
    const content = seedFooter('de') as unknown as { teaserGroups: { introductoryText: string }[] };
    content.teaserGroups[1]!.introductoryText = 'Versandkostenfrei ab {{freeShippingFrom}}.';
    const response = await publish('DE', { contentJSON: JSON.stringify(content) });
    await expectProblem(response, 422, 'urn:promotion:invalid_content');
  });

  test('invalid content gets 422 listing every problem with its JSON path, and the shop keeps its content', async () => {
    const content = withHeadline('pl', 'never served');
    content.teaserGroups[0]!.links[1]!.link = 'javascript:alert(1)';
    content.legalLinks[0]!.text = '';
    const response = await publish('PL', { contentJSON: JSON.stringify(content) });
    const document = await expectProblem(response, 422, 'urn:promotion:invalid_content');
    const problems = document.problems as { path: string; message: string }[];
    expect(problems.map((problem) => problem.path).sort()).toEqual([
      '$.legalLinks[0].text',
      '$.teaserGroups[0].links[1].link',
    ]);
    expect(problems.find((problem) => problem.path === '$.teaserGroups[0].links[1].link')?.message).toContain(
      'javascript:alert(1)',
    );

    expect((await served('PL')).headline).toBe(seedFooter('pl').headline);
    expect(await listed('PL')).toHaveLength(1);
  });

  test('content that is not JSON is one problem at $', async () => {
    const document = await expectProblem(
      await publish('PL', { contentJSON: '{ "headline": ' }),
      422,
      'urn:promotion:invalid_content',
    );
    expect(document.problems).toEqual([{ path: '$', message: expect.stringMatching(/^is not JSON/) }]);
  });

  test('a version scheduled 1.5 s ahead is not served before its time and is served after it without anything else', async () => {
    // The server's clock, moved by the test: nothing else happens between the two reads.
    vi.useFakeTimers({ toFake: ['Date'] });
    const validFrom = new Date(Date.now() + 1500);
    const response = await publish('SK', {
      contentJSON: JSON.stringify(withHeadline('sk', 'Naplánované')),
      validFrom: validFrom.toISOString(),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ version: 2, validFrom: validFrom.toISOString() });
    expect((await served('SK')).headline).toBe(seedFooter('sk').headline);
    expect((await listed('SK'))[0]).toMatchObject({ version: 2, live: false });
    vi.setSystemTime(validFrom.getTime() - 1);
    expect((await served('SK')).headline).toBe(seedFooter('sk').headline);
    vi.setSystemTime(validFrom);
    expect((await served('SK')).headline).toBe('Naplánované');
    expect((await listed('SK'))[0]).toMatchObject({ version: 2, live: true });
  });

  test('a version for an A/B group is stored and listed but never served to shoppers', async () => {
    const abTest = { name: 'FOOTER_TEASER_ORDER', group: 'A' };
    const response = await publish('DE', { contentJSON: JSON.stringify(withHeadline('de', 'Nur Gruppe A')), abTest });
    expect(response.status).toBe(201);
    expect((await served('DE')).headline).toBe(seedFooter('de').headline);
    expect((await listed('DE'))[0]).toMatchObject({ abTest, live: false });
  });

  test('the versions list is newest first with exactly one live version', async () => {
    const versions = await listed('DE');
    expect(versions.map((version) => version.version)).toEqual([3, 2, 1]);
    expect(versions.filter((version) => version.live).map((version) => version.version)).toEqual([1]);
    expect(versions[0]).toMatchObject({ abTest: { name: 'FOOTER_TEASER_ORDER', group: 'B' } });
    // The Christmas campaign, ahead whenever the test runs.
    expect(versions[1]).toMatchObject({ validFrom: seedValidFrom(christmasSeedSet.validFrom, seededAt).toISOString() });
  });
});

describe('refusals', () => {
  const valid = () => ({ contentJSON: JSON.stringify(seedFooter('cz')) });

  test.each([
    ['no Authorization', {}],
    ['a wrong token', { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }],
    ['the token with another scheme', { authorization: `Basic ${TOKEN}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('%s gets 401 with WWW-Authenticate: Bearer and stores nothing', async (_name, headers) => {
    const response = await fetch(server.origin + URL_PATH, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', site: 'CZ', ...headers },
      body: JSON.stringify(valid()),
    });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    await expectProblem(response, 401, 'urn:service:unauthorized');
    const list = await fetch(`${server.origin}${URL_PATH}/versions`, { headers: { site: 'CZ', ...headers } });
    await expectProblem(list, 401, 'urn:service:unauthorized');
    expect(server.versions.list('CZ', 'SHOP_FOOTER')).toHaveLength(1);
  });

  test('an unknown site gets 400, for publishing and listing', async () => {
    await expectProblem(await publish('XX', valid()), 400, 'urn:promotion:unknown_site');
    await expectProblem(
      await fetch(`${server.origin}${URL_PATH}/versions`, {
        headers: { site: 'XX', authorization: `Bearer ${TOKEN}` },
      }),
      400,
      'urn:promotion:unknown_site',
    );
  });

  test.each([
    ['a body that is not JSON', '{"contentJSON":', '$'],
    ['an unknown field', { ...valid(), publishNow: true }, '$.publishNow'],
    ['contentJSON as an object', { contentJSON: seedFooter('cz') }, '$.contentJSON'],
    ['validFrom without a time zone', { ...valid(), validFrom: '2026-12-01T00:00:00' }, '$.validFrom'],
    ['validFrom that is no date', { ...valid(), validFrom: 'tomorrow' }, '$.validFrom'],
    ['an unknown A/B test', { ...valid(), abTest: { name: 'NO_SUCH_TEST', group: 'A' } }, '$.abTest.name'],
    [
      'a group the test does not have',
      { ...valid(), abTest: { name: 'FOOTER_TEASER_ORDER', group: 'C' } },
      '$.abTest.group',
    ],
  ])('%s gets 400 naming the field and stores nothing', async (_name, body, problemPath) => {
    const document = await expectProblem(await publish('CZ', body), 400, 'urn:promotion:invalid_request');
    expect((document.problems as { path: string }[]).map((problem) => problem.path)).toContain(problemPath);
    expect(server.versions.list('CZ', 'SHOP_FOOTER')).toHaveLength(1);
  });

  test('a promotion other than the footer cannot be published', async () => {
    const response = await fetch(`${server.origin}/service/promotion/api/promotion/HOME_BANNER`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, site: 'CZ' },
      body: JSON.stringify(valid()),
    });
    await expectProblem(response, 404, 'urn:promotion:not_found');
  });

  test('a page of another site is refused even with the token (a browser always names its origin)', async () => {
    await expectProblem(
      await publish('CZ', valid(), { origin: 'https://evil.example' }),
      403,
      'urn:service:cross_origin',
    );
    await expectProblem(
      await publish('CZ', valid(), { 'sec-fetch-site': 'cross-site' }),
      403,
      'urn:service:cross_origin',
    );
    // A form post (what a page of another site can send without asking) is not JSON: 415 before anything is read.
    await expectProblem(
      await publish('CZ', valid(), { 'content-type': 'text/plain' }),
      415,
      'urn:service:unsupported_media_type',
    );
    expect(server.versions.list('CZ', 'SHOP_FOOTER')).toHaveLength(1);
  });
});

describe('the admin token without PROMOTION_ADMIN_TOKEN', () => {
  test('is generated once, kept next to the database readable by the owner only, and accepted', async () => {
    const own = await startTestServer();
    try {
      const file = path.join(own.dir, 'promotion-admin-token');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const token = fs.readFileSync(file, 'utf8').trim();
      expect(token.length).toBeGreaterThanOrEqual(32);
      const response = await fetch(`${own.origin}${URL_PATH}/versions`, {
        headers: { site: 'DE', authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(
        (
          await fetch(`${own.origin}${URL_PATH}/versions`, {
            headers: { site: 'DE', authorization: `Bearer ${TOKEN}` },
          })
        ).status,
      ).toBe(401);
    } finally {
      await own.close();
    }
  });
});
