import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { expectProblem } from '../expectProblem.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { seedPromotions } from './seed.ts';

// Odd admin input, tried as an operator with the admin token would (docs/security.md#promotion-admin-and-operations-under-faults-probes-and-answers):
// every refusal is a 4xx naming the place, never a 500, and nothing refused is stored or served.
const TOKEN = 'admin-probes-token-0123456789abcdef';
const PROMOTION = '/service/promotion/api/promotion';
const seedFooter = (segment: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../seed/footer/${segment}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ env: { PROMOTION_ADMIN_TOKEN: TOKEN } });
  await seedPromotions(server.versions);
});
afterEach(() => server.close());

const admin = { authorization: `Bearer ${TOKEN}` };
function put(name: string, body: unknown, site = 'CZ') {
  return fetch(`${server.origin}${PROMOTION}/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', site, ...admin },
    body: JSON.stringify(body),
  });
}
const versionsOf = (name: string, site = 'CZ') => server.versions.list(site, name);

describe('promotion names are looked up as names, never as object properties', () => {
  const inherited = [
    'isPrototypeOf',
    '__proto__',
    'hasOwnProperty',
    'toString',
    'constructor',
    'valueOf',
    'HOME_BANNER',
  ];

  test.each(inherited)('PUT, GET and the versions list of %s answer 404 and nothing is stored', async (name) => {
    const valid = { contentJSON: JSON.stringify(seedFooter('cz')) };
    await expectProblem(await put(name, valid), 404, 'urn:promotion:not_found');
    await expectProblem(
      await fetch(`${server.origin}${PROMOTION}/${name}`, { headers: { site: 'CZ' } }),
      404,
      'urn:promotion:not_found',
    );
    await expectProblem(
      await fetch(`${server.origin}${PROMOTION}/${name}/versions`, { headers: { site: 'CZ', ...admin } }),
      404,
      'urn:promotion:not_found',
    );
    expect(versionsOf(name)).toEqual([]);
  });

  test('content stored under another name before this check is never served to anyone', async () => {
    await server.versions.store({
      site: 'CZ',
      name: 'isPrototypeOf',
      contentJSON: '{"headline":"<script>"}',
      validFrom: new Date(0),
      storedBy: 'probe',
    });
    await expectProblem(
      await fetch(`${server.origin}${PROMOTION}/isPrototypeOf`, { headers: { site: 'CZ' } }),
      404,
      'urn:promotion:not_found',
    );
  });
});

describe('footer content nested deeper than any footer', () => {
  /** `levels` arrays inside each other: a few bytes per level, well under the 64 KB limit. */
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  test.each([
    ['at the top', (deep: string) => deep, '$'],
    ['under a field', (deep: string) => `{"headline":${deep}}`, '$.headline'],
    ['under an unknown field', (deep: string) => `{"headline":"Service","extra":${deep}}`, '$.extra'],
  ])('30,000 levels %s get 422 with the JSON path where it is too deep, not 500', async (_where, wrap, prefix) => {
    const contentJSON = wrap(nested(30_000));
    expect(JSON.stringify({ contentJSON }).length).toBeLessThan(64 * 1024);
    const document = await expectProblem(
      await put('SHOP_FOOTER', { contentJSON }),
      422,
      'urn:promotion:invalid_content',
    );
    const problems = document.problems as { path: string; message: string }[];
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path.startsWith(prefix === '$' ? '$[0]' : `${prefix}[0]`)).toBe(true);
    expect(problems[0]!.message).toMatch(/nested deeper than \d+ levels/);
    expect(versionsOf('SHOP_FOOTER')).toHaveLength(1);
  });

  test('a list of 20,000 wrong items lists a bounded number of problems and says how many there are', async () => {
    const contentJSON = JSON.stringify({ ...seedFooter('cz'), legalLinks: Array.from({ length: 20_000 }, () => 0) });
    const response = await put('SHOP_FOOTER', { contentJSON });
    const document = await expectProblem(response, 422, 'urn:promotion:invalid_content');
    expect((document.problems as unknown[]).length).toBeLessThanOrEqual(100);
    expect(document.problemCount).toBe(20_000);
    expect(document.title).toBe('The content has 20000 problem(s); nothing was stored');
  });
});

describe('validFrom must be a date of the calendar', () => {
  test.each([
    '2026-02-30T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-04-31T12:00:00+02:00',
    '2026-13-01T00:00:00Z',
    '2026-12-01T24:30:00Z',
    '2026-12-01T10:60:00Z',
    '2026-12-01T00:00:00+25:00',
  ])('%s gets 400 at $.validFrom and nothing is stored', async (validFrom) => {
    const document = await expectProblem(
      await put('SHOP_FOOTER', { contentJSON: JSON.stringify(seedFooter('cz')), validFrom }),
      400,
      'urn:promotion:invalid_request',
    );
    expect(document.problems).toEqual([
      {
        path: '$.validFrom',
        message: expect.stringMatching(/^Not (a date and time of the calendar|an ISO 8601 date-time)$/),
      },
    ]);
    expect(versionsOf('SHOP_FOOTER')).toHaveLength(1);
  });

  test('a leap day that exists is stored as that day', async () => {
    const response = await put('SHOP_FOOTER', {
      contentJSON: JSON.stringify(seedFooter('cz')),
      validFrom: '2028-02-29T00:00:00Z',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ validFrom: '2028-02-29T00:00:00.000Z' });
  });
});

describe('an A/B target must be a test that runs at or after validFrom', () => {
  const valid = () => ({ contentJSON: JSON.stringify(seedFooter('de')) });

  test.each([
    [
      'a test the calendar does not have',
      { name: 'NO_SUCH_TEST', group: 'A' },
      '$.abTest.name',
      'is not a known A/B test',
    ],
    ['a name of a built-in property', { name: 'constructor', group: 'A' }, '$.abTest.name', 'is not a known A/B test'],
    [
      'a group the test does not have',
      { name: 'FOOTER_TEASER_ORDER', group: 'C' },
      '$.abTest.group',
      'is not a group of FOOTER_TEASER_ORDER (A, B)',
    ],
  ])('%s is refused, and nothing is stored', async (_what, abTest, path, message) => {
    const before = versionsOf('SHOP_FOOTER', 'DE').length;
    const document = await expectProblem(
      await put('SHOP_FOOTER', { ...valid(), abTest }, 'DE'),
      400,
      'urn:promotion:invalid_request',
    );
    expect(document.problems).toEqual([{ path, message }]);
    expect(versionsOf('SHOP_FOOTER', 'DE')).toHaveLength(before);
  });

  test('a test that ended in 2025 is refused at $.abTest.name, saying when it ended', async () => {
    const document = await expectProblem(
      await put('SHOP_FOOTER', { ...valid(), abTest: { name: 'SUMMER_SALE_TEASER', group: 'VARIANT' } }, 'DE'),
      400,
      'urn:promotion:invalid_request',
    );
    expect(document.problems).toEqual([
      { path: '$.abTest.name', message: 'ended at 2025-09-01T00:00:00.000Z, before the version would be valid' },
    ]);
    expect(
      versionsOf('SHOP_FOOTER', 'DE').filter((version) => version.abTarget?.test === 'SUMMER_SALE_TEASER'),
    ).toEqual([]);
  });

  test('a test that ends before a scheduled validFrom is refused; one that runs then is stored', async () => {
    const during = { ...valid(), abTest: { name: 'NEWSLETTER_VOUCHER_BANNER', group: 'BANNER' } };
    const after = await put('SHOP_FOOTER', { ...during, validFrom: '2027-04-01T00:00:00Z' }, 'DE');
    expect((await expectProblem(after, 400, 'urn:promotion:invalid_request')).problems).toEqual([
      { path: '$.abTest.name', message: expect.stringMatching(/^ended at 2027-04-01/) },
    ]);
    // Starting before the test does is fine: the version is shown once the test runs.
    expect((await put('SHOP_FOOTER', { ...during, validFrom: '2027-01-01T00:00:00Z' }, 'DE')).status).toBe(201);
    expect((await put('SHOP_FOOTER', { ...during, validFrom: '2027-03-31T23:59:00Z' }, 'DE')).status).toBe(201);
  });
});
