import { afterEach, describe, expect, test } from 'vitest';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { previewSessions } from '../preview/sessions.ts';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import { abTestCalendar } from './calendar.ts';
import { abTestCalendarWrites } from './calendarWrites.ts';
import { abTestRoutes } from './routes.ts';
import { assignmentCounter } from './abCounts.ts';

// getassignment as shoppers' browsers call it, on two instances of one database (docs/calls.md#assignment).
const ASSIGNMENT = serviceUrl(services.abTests, 'assignment').slice(services.abTests.base.length);
const WITH_CONSENT = 'consent_choices=statistics%2Cmarketing';

let instances: TwoInstances | undefined;
afterEach(async () => {
  await instances?.close();
  instances = undefined;
});

/** The routes of one instance. */
const routesOf = (shared: TwoInstances['first']) =>
  abTestRoutes(abTestCalendar(shared), previewSessions(shared), assignmentCounter(shared, 'test-key'));

/** A getassignment call: its groups by test and the `ab_visitor` cookie it set, if any. */
async function assignment(app: ReturnType<typeof routesOf>, cookie: string, query = '') {
  const response = await app.request(ASSIGNMENT + query, { headers: { cookie } });
  const body = (await response.json()) as { assignments: { test: string; group: string }[] };
  const setCookie = response.headers.getSetCookie().find((line) => line.startsWith('ab_visitor='));
  return {
    status: response.status,
    groups: Object.fromEntries(body.assignments.map((entry) => [entry.test, entry.group])),
    setCookie,
    visitor: setCookie?.split(';')[0],
  };
}

describe.each(testEngines)('$engine', ({ open }) => {
  test('with consent a crowd splits between A and B, each keeping their group on later visits and on the other instance', async () => {
    instances = await open();
    const [first, second] = [routesOf(instances.first), routesOf(instances.second)];
    const counts: Record<string, number> = { A: 0, B: 0 };
    for (let index = 0; index < 200; index += 1) {
      const fresh = await assignment(first, WITH_CONSENT);
      expect(fresh.setCookie).toMatch(/^ab_visitor=[\w-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
      const group = fresh.groups.FOOTER_TEASER_ORDER!;
      counts[group]! += 1;
      const cookie = `${WITH_CONSENT}; ${fresh.visitor}`;
      const later = await assignment(first, cookie);
      const elsewhere = await assignment(second, cookie);
      expect([later.groups, elsewhere.groups]).toEqual([fresh.groups, fresh.groups]);
      expect([later.setCookie, elsewhere.setCookie]).toEqual([undefined, undefined]);
    }
    // 200 visitors at 50/50: a group's count has a standard deviation of about 7; 70 is over four of them away.
    expect(counts.A).toBeGreaterThan(70);
    expect(counts.B).toBeGreaterThan(70);
  });

  test('without statistics consent: no group, no cookie; a visitor who withdrew it loses the cookie', async () => {
    instances = await open();
    const app = routesOf(instances.first);
    for (const cookie of ['', 'consent_choices=marketing', 'consent_choices=', 'consent_choices=statisticsX'])
      expect(await assignment(app, cookie)).toMatchObject({ status: 200, groups: {}, setCookie: undefined });
    const withdrawn = await assignment(app, 'consent_choices=marketing; ab_visitor=AAAAAAAAAAAAAAAAAAAAAA');
    expect(withdrawn.groups).toEqual({});
    expect(withdrawn.setCookie).toMatch(/^ab_visitor=; Max-Age=0; Path=\//);
  });

  test('a cookie this server could not have made is replaced by a new random id', async () => {
    instances = await open();
    const app = routesOf(instances.first);
    const forged = await assignment(app, `${WITH_CONSENT}; ab_visitor=${'x'.repeat(500)}`);
    expect(forged.visitor).toMatch(/^ab_visitor=[\w-]{22}$/);
  });

  test('a test for some shops assigns only there; an unknown site is 400', async () => {
    instances = await open();
    await abTestCalendarWrites(instances.first).create({
      name: 'DE_ONLY',
      groups: ['A', 'B'],
      from: '2026-01-01T00:00:00Z',
      to: '2099-01-01T00:00:00Z',
      shops: ['de'],
    });
    const app = routesOf(instances.first);
    expect(Object.keys((await assignment(app, WITH_CONSENT, '?site=DE')).groups)).toContain('DE_ONLY');
    expect(Object.keys((await assignment(app, WITH_CONSENT, '?site=AT')).groups)).not.toContain('DE_ONLY');
    const unknown = await app.request(`${ASSIGNMENT}?site=${'Z'.repeat(5000)}`, { headers: { cookie: WITH_CONSENT } });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });
});
