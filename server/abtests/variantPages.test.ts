import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeRelease, type Release } from '../../src/shared/publish/releases.ts';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import {
  createPostgresTestDatabase,
  postgresTestUrl,
  type PostgresTestDatabase,
} from '../database/postgresTestDatabase.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { abReport } from './abReport.ts';
import { abTestCalendar } from './calendar.ts';

// Pages of an A/B test's group, served to the visitors in it (docs/footer.md#ab-tests-and-consent): a release with a
// group-B variant of DE's pages, two instances serving it from one database (PostgreSQL when TEST_DATABASE_URL is
// set; else each its own SQLite file with the same test, which shows the assignment needs nothing shared but the test).
const TOKEN = 'test-admin-token-0123456789abcdef';
const hero = { name: 'HERO', groups: ['A', 'B'], from: '2026-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z' };
const CONSENT = 'consent_choices=necessary,statistics';
const NO_CONSENT = 'consent_choices=necessary';

let dir: string;
let postgres: PostgresTestDatabase | undefined;
const servers: TestServer[] = [];

/** A release folder with the default pages of DE and AT and, when `withVariant`, DE's group-B pages. */
function release(id: string, withVariant: boolean): string {
  const site = path.join(dir, 'releases', id, 'site');
  const page = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    fs.writeFileSync(path.join(site, file), `<!doctype html><html lang="de"><title>${text}</title><p>${text}</p>`);
  };
  page('de/index.html', 'DE default');
  page('de/newsletter/index.html', 'DE newsletter default');
  page('at/index.html', 'AT default');
  if (withVariant) {
    page('_ab/HERO/B/de/index.html', 'DE group B');
    page('_ab/HERO/B/de/newsletter/index.html', 'DE newsletter group B');
  }
  const built: Release = { id, createdAt: new Date().toISOString(), kind: 'build', built: ['de', 'at'], shops: {} };
  writeRelease(path.dirname(site), {
    ...built,
    ...(withVariant ? { variants: [{ test: 'HERO', group: 'B', segment: 'de' }] } : {}),
  });
  return site;
}

/** Points the served link at a release, as a switch does. */
function serve(site: string) {
  const link = path.join(dir, 'dist');
  fs.rmSync(link, { force: true });
  fs.symlinkSync(site, link);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ab-variants-'));
  serve(release('r1', true));
  postgres = postgresTestUrl() ? await createPostgresTestDatabase() : undefined;
  for (let instance = 0; instance < 2; instance++) {
    const env = { PROMOTION_ADMIN_TOKEN: TOKEN, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    const server = await startTestServer({ distDir: path.join(dir, 'dist'), env });
    servers.push(server);
    if (instance === 0 || !postgres) {
      const created = await fetch(server.origin + serviceUrl(services.abTests, 'tests'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: JSON.stringify(hero),
      });
      expect(created.status).toBe(201);
    }
  }
});

afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
  await postgres?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A page as a browser asks for it, with these cookies; its text, cookie and caching headers. */
async function visit(server: TestServer, page: string, cookie: string) {
  const answer = await fetch(server.origin + page, { headers: { cookie } });
  const text = await answer.text();
  return {
    status: answer.status,
    group: text.includes('group B') ? 'B' : 'default',
    /** The `ab_visitor` cookie the answer sets or removes, if any. */
    setCookie: answer.headers
      .getSetCookie()
      .filter((line) => line.startsWith('ab_visitor='))
      .join('; '),
    visitor: /ab_visitor=([\w-]{22})/.exec(answer.headers.getSetCookie().join('; '))?.[1],
    vary: answer.headers.get('vary') ?? '',
    cacheControl: answer.headers.get('cache-control') ?? '',
  };
}

describe('A/B variant pages', () => {
  test('consenting visitors split between the groups on their first page, and keep the group on both instances', async () => {
    const [first, second] = servers as [TestServer, TestServer];
    const visitors = [];
    for (let index = 0; index < 100; index++) {
      const seen = await visit(first, '/de/', CONSENT);
      expect(seen.visitor, 'the first answer sets ab_visitor').toBeDefined();
      visitors.push(seen);
    }
    const inB = visitors.filter((seen) => seen.group === 'B').length;
    // 100 fair coin flips: outside 25 to 75 with a chance below one in a million.
    expect(inB).toBeGreaterThan(25);
    expect(inB).toBeLessThan(75);
    for (const seen of visitors.slice(0, 20)) {
      const cookie = `${CONSENT}; ab_visitor=${seen.visitor}`;
      for (const server of [first, second]) {
        const again = await visit(server, '/de/newsletter/', cookie);
        expect(again.group).toBe(seen.group);
        expect(again.setCookie, 'a known visitor gets no new cookie').not.toContain('ab_visitor');
      }
    }
    // Counted once per visitor when assigned, not per page: 100 visitors on the instance that assigned them.
    const report = await abReport(first.shared, (await abTestCalendar(first.shared).test('HERO'))!);
    const de = report.shops.find((shop) => shop.shop === 'de')!;
    expect(de.groups.map((group) => group.visitors)).toEqual([100 - inB, inB]);
    // About 160 page requests in a row: a minute, for a loaded machine.
  }, 60_000);

  test('caching: every answer of a page with variants varies by cookie; a variant’s is private', async () => {
    const [first] = servers as [TestServer];
    let groupB;
    do groupB = await visit(first, '/de/', CONSENT);
    while (groupB.group !== 'B');
    expect(groupB.cacheControl).toBe('private, no-cache');
    expect(groupB.vary).toContain('Cookie');
    const anonymous = await visit(first, '/de/', '');
    expect(anonymous).toMatchObject({ group: 'default', cacheControl: 'no-cache', setCookie: '' });
    expect(anonymous.vary).toContain('Cookie');
  });

  test('without consent: the default page and no A/B cookie; a withdrawn consent drops the cookie', async () => {
    const [first] = servers as [TestServer];
    const without = await visit(first, '/de/', NO_CONSENT);
    expect(without).toMatchObject({ group: 'default', setCookie: '' });
    const withdrawn = await visit(first, '/at/', `${NO_CONSENT}; ab_visitor=AAAAAAAAAAAAAAAAAAAAAA`);
    expect(withdrawn.group).toBe('default');
    expect(withdrawn.setCookie).toMatch(/ab_visitor=;.*Max-Age=0/i);
  });

  test('a shop without variants is served as without any test: no cookie, no Vary: Cookie', async () => {
    const [first] = servers as [TestServer];
    const at = await visit(first, '/at/', CONSENT);
    expect(at).toMatchObject({ group: 'default', setCookie: '', cacheControl: 'no-cache' });
    expect(at.vary).not.toContain('Cookie');
  });

  test('once a release without the variant is live (the rebuild at the test’s end), everyone gets the default', async () => {
    const [first] = servers as [TestServer];
    serve(release('r2', false));
    for (let index = 0; index < 20; index++) {
      const seen = await visit(first, '/de/', CONSENT);
      expect(seen).toMatchObject({ group: 'default', setCookie: '' });
      expect(seen.vary).not.toContain('Cookie');
    }
    serve(path.join(dir, 'releases', 'r1', 'site'));
  });
});
