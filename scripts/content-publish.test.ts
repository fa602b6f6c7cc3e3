import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { seedPromotions } from '../server/promotion/seed.ts';
import { startTestServer, type TestServer } from '../server/testing.ts';
import { childEnvironment } from '../src/shared/config.ts';

const script = path.resolve(import.meta.dirname, 'content-publish.mjs');
const seedDir = path.resolve(import.meta.dirname, '../server/seed/footer');
const TOKEN = 'publish-test-token-0123456789abcdef';

function contentPublish(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: childEnvironment({ TZ: 'UTC', PROMOTION_ADMIN_TOKEN: TOKEN, ...env }),
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
      },
    );
  });
}

let server: TestServer;
let draft: string;
beforeEach(async () => {
  server = await startTestServer({ env: { PROMOTION_ADMIN_TOKEN: TOKEN } });
  await seedPromotions(server.versions);
  draft = path.join(server.dir, 'draft.json');
});
afterEach(() => server.close());

const huContent = () => JSON.parse(fs.readFileSync(path.join(seedDir, 'hu.json'), 'utf8'));
const huVersions = () => server.versions.list('HU', 'SHOP_FOOTER');

describe('npm run content:publish', () => {
  test('--dry-run on an invalid file prints every problem with its JSON path, exits 1 and stores nothing', async () => {
    const content = huContent();
    content.teaserGroups[0].links[1].link = 'javascript:alert(1)';
    delete content.headline;
    fs.writeFileSync(draft, JSON.stringify(content));
    const { code, output } = await contentPublish(['hu', '--file', draft, '--dry-run', '--origin', server.origin]);
    expect(output).toContain(
      `HU $.teaserGroups[0].links[1].link: unsafe link "javascript:alert(1)" dropped (${draft})`,
    );
    expect(output).toMatch(/HU \$\.headline: /);
    expect(output).toContain(`2 problem(s) in ${draft}; nothing was published`);
    expect(code).toBe(1);
    expect(huVersions()).toHaveLength(1);
  });

  test('--dry-run on a valid file validates and stops there', async () => {
    fs.writeFileSync(draft, JSON.stringify(huContent()));
    const { code, output } = await contentPublish(['hu', '--file', draft, '--dry-run', '--origin', server.origin]);
    expect(output).toContain('validated');
    expect(output).toContain('dry run: nothing stored');
    expect(code).toBe(0);
    expect(huVersions()).toHaveLength(1);
  });

  test('publishes an immediate version, which the shop serves, and says when the server cannot publish automatically', async () => {
    fs.writeFileSync(draft, JSON.stringify({ ...huContent(), headline: 'Ügyfélszolgálat' }));
    const { code, output } = await contentPublish(['hu', '--file', draft, '--origin', server.origin]);
    expect(output).toMatch(/validated[^]*stored: version 2, valid from \d{4}-\d\d-\d\dT/);
    // Without the publisher (no /service/publish/api/status) the version is stored and served, but nothing rebuilds.
    expect(output).toContain('stored; automatic publishing is not available on this server');
    expect(code).toBe(0);
    const served = await (
      await fetch(`${server.origin}/service/promotion/api/promotion/SHOP_FOOTER`, { headers: { site: 'HU' } })
    ).json();
    expect(JSON.parse((served as { contentJSON: string }).contentJSON).headline).toBe('Ügyfélszolgálat');
  });

  test('a scheduled version says when it goes live and does not wait', async () => {
    fs.writeFileSync(draft, JSON.stringify(huContent()));
    // The next New Year in Budapest at least a day ahead, whenever the test runs.
    const year = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).getUTCFullYear() + 1;
    const { code, output } = await contentPublish([
      'hu',
      '--file',
      draft,
      '--from',
      `${year}-01-01T00:00:00+01:00`,
      '--origin',
      server.origin,
    ]);
    expect(output).toContain(`stored: version 2, valid from ${year - 1}-12-31T23:00:00.000Z`);
    expect(output).toMatch(
      new RegExp(
        `scheduled: HU goes live by itself on \\w+day, 31 December ${year - 1} at 23:00:00 UTC \\(in \\d+\\.\\d days\\)`,
      ),
    );
    expect(code).toBe(0);
  });

  test('a backdated version older than the live one is stored but reported as not live', async () => {
    fs.writeFileSync(draft, JSON.stringify(huContent()));
    const { code, output } = await contentPublish([
      'hu',
      '--file',
      draft,
      '--from',
      '2025-06-01T00:00:00Z',
      '--origin',
      server.origin,
    ]);
    expect(output).toContain(
      'not live: version 1 stays live, its validFrom 2026-01-01T00:00:00.000Z is later than 2025-06-01T00:00:00.000Z',
    );
    expect(code).toBe(0);
  });

  test('a wrong token or a --from without time zone stops it with a clear message', async () => {
    fs.writeFileSync(draft, JSON.stringify(huContent()));
    const refused = await contentPublish(['hu', '--file', draft, '--origin', server.origin], {
      PROMOTION_ADMIN_TOKEN: 'x'.repeat(32),
    });
    expect(refused.output).toContain('The admin token was refused (401)');
    expect(refused.code).toBe(1);
    const local = await contentPublish([
      'hu',
      '--file',
      draft,
      '--from',
      '2027-01-01T00:00',
      '--origin',
      server.origin,
    ]);
    expect(local.output).toContain('must be an ISO 8601 instant with a time zone');
    expect(local.code).toBe(1);
    expect(huVersions()).toHaveLength(1);
  });
});

describe('npm run content:publish following the publisher', () => {
  /** A stand-in for services with the publisher: the PUT stores version 7, the status reports `shopAfter(poll)`. */
  async function withPublisher(
    shopAfter: (poll: number) => Record<string, unknown>,
    run: (origin: string) => Promise<void>,
  ) {
    let polls = 0;
    const fake = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'PUT') {
        request.resume();
        response.statusCode = 201;
        response.end(JSON.stringify({ version: 7, validFrom: new Date().toISOString() }));
      } else if (request.url === '/service/publish/api/status' && request.headers.authorization === `Bearer ${TOKEN}`) {
        response.end(JSON.stringify({ shops: { hu: shopAfter(polls++) } }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      await run(`http://127.0.0.1:${(fake.address() as AddressInfo).port}`);
    } finally {
      fake.close();
    }
  }

  test('waits while the shop is being built and reports when the new version is live', async () => {
    fs.writeFileSync(draft, JSON.stringify(huContent()));
    await withPublisher(
      (poll) => ({ release: poll < 2 ? 'r1' : 'r2', contentVersion: poll < 2 ? 6 : 7, builtAt: '…', durationMs: 1 }),
      async (origin) => {
        const { code, output } = await contentPublish(['hu', '--file', draft, '--origin', origin]);
        expect(output).toMatch(/validated[^]*stored: version 7[^]*building[^]*live after \d+\.\d s \(release r2\)/);
        expect(code).toBe(0);
      },
    );
  });

  test('stops with the build error when the build of the new version fails', async () => {
    fs.writeFileSync(draft, JSON.stringify(huContent()));
    await withPublisher(
      (poll) => ({
        release: 'r1',
        contentVersion: 6,
        ...(poll < 1
          ? {}
          : {
              lastError: {
                at: '2026-11-22T10:00:00.000Z',
                message: 'astro build exited with code 1',
                log: '.data/releases/.logs/x.log',
              },
            }),
      }),
      async (origin) => {
        const { code, output } = await contentPublish(['hu', '--file', draft, '--origin', origin]);
        expect(output).toContain(
          'stored as version 7, but the build failed: astro build exited with code 1 (log: .data/releases/.logs/x.log)',
        );
        expect(code).toBe(1);
      },
    );
  });
});
