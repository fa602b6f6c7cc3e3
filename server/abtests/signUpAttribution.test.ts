import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { childEnvironment } from '../../src/shared/config.ts';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import { newsletterTestClient } from '../newsletter/testClient.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { assignGroup } from './assignGroup.ts';
import type { AbReport } from './abReport.ts';

// Sign-ups credited to the visitor's A/B group, through every door, and counted by `npm run ab:report`
// (docs/operations.md#ab-test-report). FOOTER_TEASER_ORDER (A, B, every shop) runs in the seeded calendar.
const TEST = 'FOOTER_TEASER_ORDER';
const script = path.resolve(import.meta.dirname, '../../scripts/ab-report.mjs');

let server: TestServer;
let outbox: string;
beforeEach(async () => {
  outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'ab-outbox-'));
  server = await startTestServer({ env: { OUTBOX_DIR: outbox } });
});
afterEach(async () => {
  await server.close();
  fs.rmSync(outbox, { recursive: true, force: true });
});

/** A fresh random visitor id that the test puts in `group`. */
function visitorIn(group: string): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (assignGroup(TEST, id, ['A', 'B'], [50, 50]) === group) return id;
  }
}

/** `npm run ab:report -- TEST --json` on the server's database. */
function report(): Promise<AbReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, TEST, '--json'],
      { env: childEnvironment({ DB_PATH: path.join(server.dir, 'test.sqlite') }) },
      (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(JSON.parse(stdout) as AbReport)),
    );
  });
}
const groupsOf = (found: AbReport, shop: string) => found.shops.find((entry) => entry.shop === shop)?.groups ?? [];

describe('sign-ups credited to A/B groups', () => {
  test('a group-B visitor assigned, signing up and confirming counts for B; one without consent counts nowhere', async () => {
    const client = newsletterTestClient(server, outbox);
    const visitor = visitorIn('B');
    const cookie = `consent_choices=statistics; ab_visitor=${visitor}`;
    const assignment = `${server.origin}${serviceUrl(services.abTests, 'assignment')}?site=DE`;
    for (const _ of [1, 2]) await fetch(assignment, { headers: { cookie } });
    expect((await client.subscribe({ email: 'b@example.com', consents: [] }, { site: 'DE', cookie })).status).toBe(201);
    // Without consent the same cookie credits nothing.
    const withdrawn = `consent_choices=marketing; ab_visitor=${visitorIn('B')}`;
    await client.subscribe({ email: 'none@example.com', consents: [] }, { site: 'DE', cookie: withdrawn });

    // Counted by a keyed hash of the id, never the id.
    const hashes = server.db.prepare('SELECT visitor_hash FROM ab_assignments WHERE test = ?').all(TEST) as {
      visitor_hash: string;
    }[];
    expect(hashes).toHaveLength(1);
    expect(hashes[0]!.visitor_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(hashes)).not.toContain(visitor);

    let groups = groupsOf(await report(), 'de');
    expect(groups.map(({ group, visitors, signUps, confirmed }) => ({ group, visitors, signUps, confirmed }))).toEqual([
      { group: 'A', visitors: 0, signUps: 0, confirmed: 0 },
      { group: 'B', visitors: 1, signUps: 1, confirmed: 0 },
    ]);

    const token = await client.confirmationToken('b@example.com');
    expect(
      (await client.json('PUT', `/service/newsletter/api/internal/newsletter-subscribers/${token}/doi`, {})).status,
    ).toBe(200);
    groups = groupsOf(await report(), 'de');
    expect(groups[1]).toMatchObject({ group: 'B', visitors: 1, signUps: 1, confirmed: 1 });
  });

  test('the plain form credits the group too, and counts the visitor who never asked for an assignment', async () => {
    const visitor = visitorIn('A');
    const answer = await fetch(`${server.origin}/at/newsletter/sign-up/`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.origin,
        'sec-fetch-site': 'same-origin',
        cookie: `consent_choices=statistics%2Cmarketing; ab_visitor=${visitor}`,
      },
      body: new URLSearchParams({ newsletterEmail: 'form@example.com', page: '/at/', placement: 'page' }).toString(),
    });
    expect(answer.status).toBe(303);
    expect(groupsOf(await report(), 'at')[0]).toMatchObject({ group: 'A', visitors: 1, signUps: 1, confirmed: 0 });
  });
});
